// POST admin/createteacher.
import type { TeacherCreateInput, TeacherResponse } from '../../../../../common/schemas/teachers.js';
import { useAdminMutation } from '../../../lib/admin-mutations';
import { api } from '../../../lib/api-client';

export async function createTeacher(body: TeacherCreateInput): Promise<TeacherResponse['teacher']> {
  const { data } = await api.post<TeacherResponse>('admin/createteacher', body);
  return data.teacher;
}

export const useCreateTeacher = () => useAdminMutation(createTeacher);
