// The pupil's space (GET eleve/groups, eleve/groups/{id}). Its keys sit under the learner root, so
// the runtime relay's refresh after a write (PlayerFrameHost) refreshes the pupil's states too.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { PupilGroupResponse, PupilGroupsResponse } from '@/common/schemas/pupil-space.js';
import { api } from '@/web/src/lib/api-client';
import { rootKeys } from '@/web/src/lib/query-keys';

export const pupilSpaceKeys = {
  all: [...rootKeys.learner, 'eleve'] as const,
  groups: () => [...pupilSpaceKeys.all, 'groups'] as const,
  group: (groupId: number) => [...pupilSpaceKeys.all, 'group', groupId] as const,
};

export const pupilGroupsQueryOptions = () =>
  queryOptions({
    queryKey: pupilSpaceKeys.groups(),
    queryFn: async () => (await api.get<PupilGroupsResponse>('eleve/groups')).data,
  });

const pupilGroupQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: pupilSpaceKeys.group(groupId),
    queryFn: async () => (await api.get<PupilGroupResponse>(`eleve/groups/${groupId}`)).data,
  });

export const usePupilGroups = () => useQuery(pupilGroupsQueryOptions());

export const usePupilGroupActivities = (groupIds: number[]) =>
  useQueries({ queries: groupIds.map((id) => pupilGroupQueryOptions(id)) });
