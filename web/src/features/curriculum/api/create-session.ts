// POST admin/createsession {title, id}: `id` is the lesson; answers the new session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function createSession(variables: { title: string; id: number }): Promise<Item> {
  const { data } = await api.post<{ session: Item }>('admin/createsession', variables);
  return data.session;
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
