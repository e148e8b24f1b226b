// The pupil's space (GET eleve/groups, eleve/groups/{id}). Its keys sit under the learner root, so
// the runtime relay's refresh after a write (PlayerFrameHost) refreshes the pupil's states too.
// A pupil the class tablet keeps (docs/pupils.md#hors-ligne) has each answer kept there, and the
// kept copy shows while the network is cut.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { PupilGroupResponse, PupilGroupsResponse } from '@/common/schemas/pupil-space.js';
import { api, isNoAnswer } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { rootKeys } from '@/web/src/lib/query-keys';
import { keepSpace, keptSpace } from '../lib/offline-door';

export const pupilSpaceKeys = {
  all: [...rootKeys.learner, 'eleve'] as const,
  groups: (pupilId: number) => [...pupilSpaceKeys.all, pupilId, 'groups'] as const,
  group: (pupilId: number, groupId: number) => [...pupilSpaceKeys.all, pupilId, 'group', groupId] as const,
};

/** The server's answer, kept for this pupil; with no answer at all, the copy kept on the tablet. */
async function readThrough<T>(
  url: string,
  keep: (answer: T) => Promise<void>,
  kept: () => Promise<T | undefined>,
): Promise<T> {
  try {
    const { data } = await api.get<T>(url);
    keep(data).catch((error: unknown) => console.error('Kept pupils', error));
    return data;
  } catch (error) {
    const copy = isNoAnswer(error) ? await kept().catch(() => undefined) : undefined;
    if (copy === undefined) throw error;
    return copy;
  }
}

const pupilGroupsQueryOptions = (pupilId: number) =>
  queryOptions({
    queryKey: pupilSpaceKeys.groups(pupilId),
    queryFn: () =>
      readThrough<PupilGroupsResponse>(
        'eleve/groups',
        (groups) => keepSpace(pupilId, { groups }),
        async () => (await keptSpace(pupilId))?.groups,
      ),
  });

const pupilGroupQueryOptions = (pupilId: number, groupId: number) =>
  queryOptions({
    queryKey: pupilSpaceKeys.group(pupilId, groupId),
    queryFn: () =>
      readThrough<PupilGroupResponse>(
        `eleve/groups/${groupId}`,
        (detail) => keepSpace(pupilId, { groupId, detail }),
        async () => (await keptSpace(pupilId))?.details[groupId],
      ),
  });

const usePupilId = () => useAuth().user?.id ?? 0;

export const usePupilGroups = () => useQuery(pupilGroupsQueryOptions(usePupilId()));

export const usePupilGroupActivities = (groupIds: number[]) => {
  const pupilId = usePupilId();
  return useQueries({ queries: groupIds.map((id) => pupilGroupQueryOptions(pupilId, id)) });
};
