// GET admin/getschools: every school with its licence and counts (the list is searched client-side).
import { useQuery } from '@tanstack/react-query';
import type { GetSchoolsResponse } from '../../../../../common/schemas/schools.js';
import { apiGetQueryOptions } from '../../../lib/api-get-query';
import { schoolKeys } from './query-keys';

export const getSchoolsQueryOptions = () =>
  apiGetQueryOptions(schoolKeys.list(), 'admin/getschools', (answer: GetSchoolsResponse) => answer.schools);

export const useSchools = () => useQuery(getSchoolsQueryOptions());
