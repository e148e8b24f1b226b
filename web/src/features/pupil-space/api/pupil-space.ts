// The pupil's space (GET eleve/groups, eleve/groups/{id}). Its keys sit under the learner root, so
// the runtime relay's refresh after a write (PlayerFrameHost) refreshes the pupil's states too.
// A pupil the class tablet keeps (docs/pupils.md#hors-ligne) has each answer kept there, and the
// kept copy shows while the network is cut, and while the pupil let in offline has no session on
// the server yet (their calls could only be refused): once it opens, the keys change and the
// server is asked.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { PupilGroupResponse, PupilGroupsResponse } from '@/common/schemas/pupil-space.js';
import { api, isNoAnswer } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { rootKeys } from '@/web/src/lib/query-keys';
import { keepSpace, keptSpace } from '../lib/offline-door';

/** Whose space, and whether it is read from the server or, for a pupil let in offline, from the
 * tablet only. */
type Reader = { pupilId: number; offline: boolean };

export const pupilSpaceKeys = {
  all: [...rootKeys.learner, 'eleve'] as const,
  of: ({ pupilId, offline }: Reader) =>
    [...pupilSpaceKeys.all, pupilId, offline ? 'tablet' : 'server'] as const,
  groups: (reader: Reader) => [...pupilSpaceKeys.of(reader), 'groups'] as const,
  group: (reader: Reader, groupId: number) => [...pupilSpaceKeys.of(reader), 'group', groupId] as const,
};

/** The server's answer, kept for this pupil; with no answer at all, or before a pupil let in
 * offline has a session, the copy kept on the tablet. */
async function readThrough<T>(
  offline: boolean,
  url: string,
  keep: (answer: T) => Promise<void>,
  kept: () => Promise<T | undefined>,
): Promise<T> {
  if (offline) {
    const copy = await kept();
    if (copy === undefined) throw new Error('Nothing kept on this tablet');
    return copy;
  }
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

const pupilGroupsQueryOptions = ({ pupilId, offline }: Reader) =>
  queryOptions({
    queryKey: pupilSpaceKeys.groups({ pupilId, offline }),
    queryFn: () =>
      readThrough<PupilGroupsResponse>(
        offline,
        'eleve/groups',
        (groups) => keepSpace(pupilId, { groups }),
        async () => (await keptSpace(pupilId))?.groups,
      ),
  });

const pupilGroupQueryOptions = ({ pupilId, offline }: Reader, groupId: number) =>
  queryOptions({
    queryKey: pupilSpaceKeys.group({ pupilId, offline }, groupId),
    queryFn: () =>
      readThrough<PupilGroupResponse>(
        offline,
        `eleve/groups/${groupId}`,
        (detail) => keepSpace(pupilId, { groupId, detail }),
        async () => (await keptSpace(pupilId))?.details[groupId],
      ),
  });

const useReader = (): Reader => {
  const { user, offline } = useAuth();
  return { pupilId: user?.id ?? 0, offline: offline === true };
};

export const usePupilGroups = () => useQuery(pupilGroupsQueryOptions(useReader()));

export const usePupilGroupActivities = (groupIds: number[]) => {
  const reader = useReader();
  return useQueries({ queries: groupIds.map((id) => pupilGroupQueryOptions(reader, id)) });
};
