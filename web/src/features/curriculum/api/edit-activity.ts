// PATCH admin/editfile/{id} {title}: renames an activity.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editActivity(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editfile/${variables.id}`, { title: variables.title });
}

export function useEditActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
