// DELETE admin/school/{id}; on success the school leaves the local list (docs/product.md#states-and-transitions), and the other admin
// lists and totals, which counted its teachers, are refreshed.
import { useDeleteRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getSchoolsQueryOptions } from './get-schools';

export async function deleteSchool(id: number): Promise<void> {
  await api.delete(`admin/school/${id}`);
}

export const useDeleteSchool = () => useDeleteRow(getSchoolsQueryOptions().queryKey, deleteSchool);
