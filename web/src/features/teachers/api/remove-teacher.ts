// DELETE admin/removeteacher/{id}; on success the teacher leaves the local list (SPEC §4).
import { useListItemMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';
import { removeById } from '../../../lib/list-cache';
import { getTeachersQueryOptions } from './get-teachers';

export async function removeTeacher(id: number): Promise<void> {
  await api.delete(`admin/removeteacher/${id}`);
}

export const useRemoveTeacher = () =>
  useListItemMutation({
    listKey: getTeachersQueryOptions().queryKey,
    mutationFn: removeTeacher,
    updateList: (teachers, _data, id) => removeById(teachers, id),
    // Their groups went with them: other admin lists and totals are stale now.
    refreshOthers: true,
  });
