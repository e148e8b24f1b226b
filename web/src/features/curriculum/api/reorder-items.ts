// PATCH admin/reorder{periods,lessons,sessions,activities}/{parentId} {order} (ours): the admin's
// order of a parent's children. The list shows the new order at once and goes back if refused.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';
import { curriculumKeys } from './query-keys';

/** Where each kind of list lives in its screen's data. */
const lists = {
  periods: { path: 'admin/reorderperiods', key: curriculumKeys.periods, field: 'periods' },
  lessons: { path: 'admin/reorderlessons', key: curriculumKeys.lessons, field: 'lessons' },
  sessions: { path: 'admin/reordersessions', key: curriculumKeys.lessonContent, field: 'session' },
  activities: { path: 'admin/reorderactivities', key: curriculumKeys.activities, field: 'activities' },
} as const;
export type ReorderKind = keyof typeof lists;

type Variables = { parentId: number; items: Item[] };

export function useReorderItems(kind: ReorderKind) {
  const queryClient = useQueryClient();
  const { path, key, field } = lists[kind];
  return useMutation({
    mutationFn: async ({ parentId, items }: Variables) => {
      await api.patch(`${path}/${parentId}`, { order: items.map((item) => item.id) });
    },
    onMutate: async ({ parentId, items }) => {
      const queryKey: QueryKey = key(parentId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Record<string, unknown>>(queryKey);
      if (previous) {
        const byId = new Map((previous[field] as Item[]).map((item) => [item.id, item]));
        queryClient.setQueryData(queryKey, {
          ...previous,
          [field]: items.map((item) => byId.get(item.id) ?? item),
        });
      }
      return { queryKey, previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(context.queryKey, context.previous);
    },
    onSettled: (_data, _error, { parentId }) => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}
