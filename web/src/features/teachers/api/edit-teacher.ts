// PATCH admin/editteacherteacher/{id}: only the fields that were filled (docs/product.md#validation-rules ("Teacher edit")).
import type { Teacher, TeacherEditInput, TeacherResponse } from '@/common/schemas/teachers.js';
import { useEditRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getTeachersQueryOptions } from './get-teachers';

export async function editTeacher({ id, body }: { id: number; body: TeacherEditInput }): Promise<Teacher> {
  const { data } = await api.patch<TeacherResponse>(`admin/editteacherteacher/${id}`, body);
  return data.teacher;
}

// A move to another school changes the schools' counts.
export const useEditTeacher = () =>
  useEditRow(getTeachersQueryOptions().queryKey, editTeacher, { refreshOthers: true });
