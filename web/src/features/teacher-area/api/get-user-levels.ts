// GET user/getuserlevels: the levels the signed-in teacher may open (admins: all of them).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelSummary, UserLevelsResponse } from '@/common/schemas/teacher-area.js';
import { api } from '@/web/src/lib/api-client';
import { teacherAreaKeys } from './query-keys';

export async function getUserLevels(): Promise<LevelSummary[]> {
  const { data } = await api.get<UserLevelsResponse>('user/getuserlevels');
  return data.res;
}

export const getUserLevelsQueryOptions = () =>
  queryOptions({ queryKey: teacherAreaKeys.levels(), queryFn: getUserLevels });

export const useUserLevels = () => useQuery(getUserLevelsQueryOptions());
