// GET auth/me: the signed-in admin's stored name, first name, email and telephone, to prefill the form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@/common/schemas/auth.js';
import { api } from '@/web/src/lib/api-client';
import { optionsKeys } from './query-keys';

export async function getOwnProfile(): Promise<OwnProfile> {
  const { data } = await api.get<{ profile: OwnProfile }>('auth/me');
  return data.profile;
}

export const getOwnProfileQueryOptions = () =>
  queryOptions({ queryKey: optionsKeys.ownProfile(), queryFn: getOwnProfile });

export const useOwnProfile = () => useQuery(getOwnProfileQueryOptions());
