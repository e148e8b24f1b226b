// GET admin/getlevel&schools: the school and level options of the teacher form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelsAndSchoolsResponse } from '@/common/schemas/teachers.js';
import { api } from '@/web/src/lib/api-client';
import { teacherKeys } from './query-keys';

export async function getLevelsAndSchools(): Promise<LevelsAndSchoolsResponse> {
  const { data } = await api.get<LevelsAndSchoolsResponse>('admin/getlevel&schools');
  return data;
}

export const getLevelsAndSchoolsQueryOptions = () =>
  queryOptions({ queryKey: teacherKeys.formOptions(), queryFn: getLevelsAndSchools });

export const useLevelsAndSchools = () => useQuery(getLevelsAndSchoolsQueryOptions());
