// PATCH admin/editteacherteacher/{id}: only the fields that were filled (SPEC §5 "Teacher edit").
import type { Teacher, TeacherEditInput, TeacherResponse } from '../../../../../common/schemas/teachers.js';
import { useListItemMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getTeachersQueryOptions } from './get-teachers';

export async function editTeacher({ id, body }: { id: number; body: TeacherEditInput }): Promise<Teacher> {
  const { data } = await api.patch<TeacherResponse>(`admin/editteacherteacher/${id}`, body);
  return data.teacher;
}

export const useEditTeacher = () =>
  useListItemMutation({
    listKey: getTeachersQueryOptions().queryKey,
    mutationFn: editTeacher,
    updateList: (teachers, teacher) => mergeById(teachers, teacher.id, teacher),
    // A move to another school changes the schools' counts.
    refreshOthers: true,
  });
