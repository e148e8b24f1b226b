// PATCH admin/schooltoggle/{id}; on success the list flips activelicense locally (SPEC §4).
import type { SchoolToggleResponse } from '../../../../../common/schemas/schools.js';
import { useListItemMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getSchoolsQueryOptions } from './get-schools';

export async function toggleSchool(id: number): Promise<boolean> {
  const { data } = await api.patch<SchoolToggleResponse>(`admin/schooltoggle/${id}`);
  return data.activelicense;
}

export const useToggleSchool = () =>
  useListItemMutation({
    listKey: getSchoolsQueryOptions().queryKey,
    mutationFn: toggleSchool,
    updateList: (schools, activelicense, id) => mergeById(schools, id, { activelicense }),
  });
