// POST admin/createperiod {title, levelid}: answers the new period.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function createPeriod(variables: { title: string; levelid: number }): Promise<Item> {
  const { data } = await api.post<{ period: Item }>('admin/createperiod', variables);
  return data.period;
}

export function useCreatePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPeriod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
