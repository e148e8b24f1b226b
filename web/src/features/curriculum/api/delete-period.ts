// DELETE admin/removeperiod/{id}: the period and everything in it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function deletePeriod(variables: { id: number }): Promise<void> {
  await api.delete(`admin/removeperiod/${variables.id}`);
}

export function useDeletePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePeriod,
    // Its whole subtree went too, and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
