// PATCH admin/toggleactive/{id}; on success the list flips the active flag locally (SPEC §4).
import type { TeacherToggleResponse } from '../../../../../common/schemas/teachers.js';
import { useListItemMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getTeachersQueryOptions } from './get-teachers';

export async function toggleTeacher(id: number): Promise<boolean> {
  const { data } = await api.patch<TeacherToggleResponse>(`admin/toggleactive/${id}`);
  return data.active;
}

export const useToggleTeacher = () =>
  useListItemMutation({
    listKey: getTeachersQueryOptions().queryKey,
    mutationFn: toggleTeacher,
    updateList: (teachers, active, id) => mergeById(teachers, id, { active }),
  });
