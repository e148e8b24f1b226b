// DELETE admin/removeteacher/{id}; on success the teacher leaves the local list (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getTeachersQueryOptions } from './get-teachers';

export async function removeTeacher(id: number): Promise<void> {
  await api.delete(`admin/removeteacher/${id}`);
}

export function useRemoveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeacher,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(getTeachersQueryOptions().queryKey, (teachers) =>
        teachers?.filter((teacher) => teacher.id !== id),
      );
      void queryClient.invalidateQueries({
        queryKey: ['admin'],
        predicate: (q) => q.queryKey[1] !== 'teachers',
      });
    },
  });
}
