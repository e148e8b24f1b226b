// PATCH admin/editlevel/{id} {title}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editLevel(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editlevel/${variables.id}`, { title: variables.title });
}

export function useEditLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.levels() }),
  });
}
