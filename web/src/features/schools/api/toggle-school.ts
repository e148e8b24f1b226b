// PATCH admin/schooltoggle/{id}; on success the list flips activelicense locally (docs/product.md#states-and-transitions).
import type { SchoolToggleResponse } from '@/common/schemas/schools.js';
import { useToggleRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getSchoolsQueryOptions } from './get-schools';

export async function toggleSchool(id: number): Promise<boolean> {
  const { data } = await api.patch<SchoolToggleResponse>(`admin/schooltoggle/${id}`);
  return data.activelicense;
}

export const useToggleSchool = () =>
  useToggleRow(getSchoolsQueryOptions().queryKey, toggleSchool, 'activelicense');
