// DELETE admin/removeteacher/{id}; on success the teacher leaves the local list (docs/product.md#states-and-transitions), and the
// other admin lists and totals, which counted their groups, are refreshed.
import { useDeleteRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getTeachersQueryOptions } from './get-teachers';

export async function removeTeacher(id: number): Promise<void> {
  await api.delete(`admin/removeteacher/${id}`);
}

export const useRemoveTeacher = () => useDeleteRow(getTeachersQueryOptions().queryKey, removeTeacher);
