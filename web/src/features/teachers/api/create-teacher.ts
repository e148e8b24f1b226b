// POST admin/createteacher.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeacherCreateInput, TeacherResponse } from '../../../../../common/schemas/teachers.js';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function createTeacher(body: TeacherCreateInput): Promise<TeacherResponse['teacher']> {
  const { data } = await api.post<TeacherResponse>('admin/createteacher', body);
  return data.teacher;
}

export function useCreateTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeacher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
