// Query keys of the admin's options: the two-factor state and the admin's own profile.
import { rootKeys } from '@/web/src/lib/query-keys';

export const optionsKeys = {
  twoFactor: () => [...rootKeys.admin, 'two-factor'] as const,
  ownProfile: () => ['own-profile'] as const,
};
