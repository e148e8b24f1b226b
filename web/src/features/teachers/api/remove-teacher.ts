// DELETE admin/removeteacher/{id}; on success the teacher leaves the local list (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeById } from '../../../lib/list-cache';
import { refreshAdminBut } from '../../../lib/query-keys';
import { getTeachersQueryOptions } from './get-teachers';
import { teacherKeys } from './query-keys';

export async function removeTeacher(id: number): Promise<void> {
  await api.delete(`admin/removeteacher/${id}`);
}

export function useRemoveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeacher,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(getTeachersQueryOptions().queryKey, (teachers) => removeById(teachers, id));
      // Their groups went with them: other admin lists and totals are stale now.
      void refreshAdminBut(queryClient, teacherKeys.list());
    },
  });
}
