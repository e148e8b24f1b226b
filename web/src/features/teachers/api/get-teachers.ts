// GET admin/getteachers: every teacher with school name, level titles and group count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetTeachersResponse, Teacher } from '@/common/schemas/teachers.js';
import { api } from '@/web/src/lib/api-client';
import { teacherKeys } from './query-keys';

export async function getTeachers(): Promise<Teacher[]> {
  const { data } = await api.get<GetTeachersResponse>('admin/getteachers');
  return data.teachers;
}

export const getTeachersQueryOptions = () =>
  queryOptions({ queryKey: teacherKeys.list(), queryFn: getTeachers });

export const useTeachers = () => useQuery(getTeachersQueryOptions());
