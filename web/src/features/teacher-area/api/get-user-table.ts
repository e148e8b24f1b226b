// GET user/usertable/{groupId}: the group's periods, lessons, sessions, activities and PDFs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTableResponse } from '@/common/schemas/teacher-area.js';
import { api } from '@/web/src/lib/api-client';
import { teacherAreaKeys } from './query-keys';

export type UserTable = UserTableResponse['res'];

export async function getUserTable(groupId: string): Promise<UserTable> {
  const { data } = await api.get<UserTableResponse>(`user/usertable/${encodeURIComponent(groupId)}`);
  return data.res;
}

export const getUserTableQueryOptions = (groupId: string) =>
  queryOptions({ queryKey: teacherAreaKeys.table(groupId), queryFn: () => getUserTable(groupId) });

export const useUserTable = (groupId: string) => useQuery(getUserTableQueryOptions(groupId));
