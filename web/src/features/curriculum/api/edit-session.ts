// PATCH admin/editsession/{id} {title}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editSession(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editsession/${variables.id}`, { title: variables.title });
}

export function useEditSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
