// PATCH admin/editlesson/{id} {title}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editLesson(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editlesson/${variables.id}`, { title: variables.title });
}

export function useEditLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
