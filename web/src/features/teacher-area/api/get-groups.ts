// GET user/getgroups/{levelId}: the teacher's groups in a level, each with its progress count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSummary, GroupsResponse } from '@/common/schemas/teacher-area.js';
import { api } from '@/web/src/lib/api-client';
import { teacherAreaKeys } from './query-keys';

export async function getGroups(levelId: string): Promise<GroupSummary[]> {
  const { data } = await api.get<GroupsResponse>(`user/getgroups/${encodeURIComponent(levelId)}`);
  return data.res;
}

export const getGroupsQueryOptions = (levelId: string) =>
  queryOptions({ queryKey: teacherAreaKeys.groups(levelId), queryFn: () => getGroups(levelId) });

export const useGroups = (levelId: string) => useQuery(getGroupsQueryOptions(levelId));
