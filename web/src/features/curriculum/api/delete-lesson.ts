// DELETE admin/deletelesosn/{id} (sic): the lesson and everything in it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function deleteLesson(variables: { id: number }): Promise<void> {
  await api.delete(`admin/deletelesosn/${variables.id}`);
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    // Its whole subtree went too, and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
