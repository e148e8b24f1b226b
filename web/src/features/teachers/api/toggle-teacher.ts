// PATCH admin/toggleactive/{id}; on success the list flips the active flag locally (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeacherToggleResponse } from '../../../../../common/schemas/teachers.js';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getTeachersQueryOptions } from './get-teachers';

export async function toggleTeacher(id: number): Promise<boolean> {
  const { data } = await api.patch<TeacherToggleResponse>(`admin/toggleactive/${id}`);
  return data.active;
}

export function useToggleTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTeacher,
    onSuccess: (active, id) => {
      queryClient.setQueryData(getTeachersQueryOptions().queryKey, (teachers) =>
        mergeById(teachers, id, { active }),
      );
    },
  });
}
