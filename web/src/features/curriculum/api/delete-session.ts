// DELETE admin/deletsession/{id} (sic): the session and its activities.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function deleteSession(variables: { id: number }): Promise<void> {
  await api.delete(`admin/deletsession/${variables.id}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    // Its whole subtree went too, and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
