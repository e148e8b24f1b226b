// DELETE admin/school/{id}; on success the school leaves the local list (SPEC §4).
import { useListItemMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';
import { removeById } from '../../../lib/list-cache';
import { getSchoolsQueryOptions } from './get-schools';

export async function deleteSchool(id: number): Promise<void> {
  await api.delete(`admin/school/${id}`);
}

export const useDeleteSchool = () =>
  useListItemMutation({
    listKey: getSchoolsQueryOptions().queryKey,
    mutationFn: deleteSchool,
    updateList: (schools, _data, id) => removeById(schools, id),
    // Its teachers went with it: other admin lists and totals are stale now.
    refreshOthers: true,
  });
