// PATCH admin/editteacherteacher/{id}: only the fields that were filled (SPEC §5 "Teacher edit").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Teacher, TeacherEditInput, TeacherResponse } from '../../../../../common/schemas/teachers.js';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { refreshAdminBut } from '../../../lib/query-keys';
import { getTeachersQueryOptions } from './get-teachers';
import { teacherKeys } from './query-keys';

export async function editTeacher({ id, body }: { id: number; body: TeacherEditInput }): Promise<Teacher> {
  const { data } = await api.patch<TeacherResponse>(`admin/editteacherteacher/${id}`, body);
  return data.teacher;
}

export function useEditTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTeacher,
    onSuccess: (teacher) => {
      queryClient.setQueryData(getTeachersQueryOptions().queryKey, (teachers) =>
        mergeById(teachers, teacher.id, teacher),
      );
      // A move to another school changes the schools' counts.
      void refreshAdminBut(queryClient, teacherKeys.list());
    },
  });
}
