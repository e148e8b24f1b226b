// DELETE admin/removelevel/{id}: the level and everything in it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function deleteLevel(variables: { id: number }): Promise<void> {
  await api.delete(`admin/removelevel/${variables.id}`);
}

export function useDeleteLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLevel,
    // Its whole subtree went too, and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
