// POST admin/createlessons {title, levelid}: `levelid` is the period; answers the new lesson.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function createLesson(variables: { title: string; levelid: number }): Promise<Item> {
  const { data } = await api.post<{ lesson: Item }>('admin/createlessons', variables);
  return data.lesson;
}

export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
