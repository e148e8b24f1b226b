// PATCH admin/editpdf/{id} {title}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editPdf(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editpdf/${variables.id}`, { title: variables.title });
}

export function useEditPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPdf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
