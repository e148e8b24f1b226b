// GET admin/schools/{id}/pupils: a school's pupils (count, how they sign in, one page of them), for
// its edit screen (docs/privacy.md).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SchoolPupilsResponse } from '@/common/schemas/pupil-admin.js';
import { api } from '@/web/src/lib/api-client';
import { schoolKeys } from './query-keys';

export async function getSchoolPupils(
  schoolId: number,
  q: string,
  page: number,
): Promise<SchoolPupilsResponse> {
  const { data } = await api.get<SchoolPupilsResponse>(`admin/schools/${schoolId}/pupils`, {
    params: { ...(q ? { q } : {}), page },
  });
  return data;
}

export const useSchoolPupils = (schoolId: number, q: string, page: number) =>
  useQuery({
    queryKey: schoolKeys.pupils(schoolId, q, page),
    queryFn: () => getSchoolPupils(schoolId, q, page),
    placeholderData: keepPreviousData,
  });
