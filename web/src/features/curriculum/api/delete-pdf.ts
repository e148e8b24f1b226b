// DELETE admin/deletpdf/{id} (sic).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function deletePdf(variables: { id: number }): Promise<void> {
  await api.delete(`admin/deletpdf/${variables.id}`);
}

export function useDeletePdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePdf,
    // Its whole subtree went too, and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
