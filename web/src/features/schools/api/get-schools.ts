// GET admin/getschools: every school with its licence and counts (the list is searched client-side).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetSchoolsResponse, School } from '@/common/schemas/schools.js';
import { api } from '@/web/src/lib/api-client';
import { schoolKeys } from './query-keys';

export async function getSchools(): Promise<School[]> {
  const { data } = await api.get<GetSchoolsResponse>('admin/getschools');
  return data.schools;
}

export const getSchoolsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.list(), queryFn: getSchools });

export const useSchools = () => useQuery(getSchoolsQueryOptions());
