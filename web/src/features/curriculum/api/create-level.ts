// POST admin/createlevel {title}: answers the new level.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function createLevel(variables: { title: string }): Promise<Item> {
  const { data } = await api.post<{ level: Item }>('admin/createlevel', variables);
  return data.level;
}

export function useCreateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.levels() }),
  });
}
