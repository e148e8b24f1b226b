// PATCH admin/editperiod/{id} {title}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function editPeriod(variables: { id: number; title: string }): Promise<void> {
  await api.patch(`admin/editperiod/${variables.id}`, { title: variables.title });
}

export function useEditPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPeriod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
