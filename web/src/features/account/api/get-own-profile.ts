// GET user/profile: what a teacher may see of their own account.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnTeacherProfile } from '@/common/schemas/account-access.js';
import { api } from '@/web/src/lib/api-client';
import { rootKeys } from '@/web/src/lib/query-keys';

export async function getOwnProfile(): Promise<OwnTeacherProfile> {
  const { data } = await api.get<{ profile: OwnTeacherProfile }>('user/profile');
  return data.profile;
}

export const getOwnProfileQueryOptions = () =>
  queryOptions({ queryKey: [...rootKeys.learner, 'own-profile'] as const, queryFn: getOwnProfile });

export const useOwnProfile = () => useQuery(getOwnProfileQueryOptions());
