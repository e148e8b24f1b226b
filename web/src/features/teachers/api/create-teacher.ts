// POST admin/createteacher.
import type { TeacherCreateInput, TeacherResponse } from '@/common/schemas/teachers.js';
import { useAdminMutation } from '@/web/src/lib/admin-mutations';
import { api } from '@/web/src/lib/api-client';

export async function createTeacher(body: TeacherCreateInput): Promise<TeacherResponse['teacher']> {
  const { data } = await api.post<TeacherResponse>('admin/createteacher', body);
  return data.teacher;
}

export const useCreateTeacher = () => useAdminMutation(createTeacher);
