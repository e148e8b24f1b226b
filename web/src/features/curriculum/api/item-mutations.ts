// Renaming and deleting curriculum items: PATCH admin/<edit path>/{id} {title} and DELETE
// admin/<delete path>/{id} (the spec's paths, typos included), one pair per kind of item.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/src/lib/api-client';
import { rootKeys } from '@/web/src/lib/query-keys';
import { curriculumKeys } from './query-keys';

export type ItemKind = 'level' | 'period' | 'lesson' | 'session' | 'pdf' | 'activity';

const itemPaths: Record<ItemKind, { edit: string; remove: string }> = {
  level: { edit: 'admin/editlevel', remove: 'admin/removelevel' },
  period: { edit: 'admin/editperiod', remove: 'admin/removeperiod' },
  lesson: { edit: 'admin/editlesson', remove: 'admin/deletelesosn' },
  session: { edit: 'admin/editsession', remove: 'admin/deletsession' },
  pdf: { edit: 'admin/editpdf', remove: 'admin/deletpdf' },
  activity: { edit: 'admin/editfile', remove: 'admin/deletefile' },
};

export function useRenameItem(kind: ItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) => {
      await api.patch(`${itemPaths[kind].edit}/${id}`, { title });
    },
    // A title also shows in its parent's screen and in the breadcrumbs below it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}

export function useDeleteItem(kind: ItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: number }) => {
      await api.delete(`${itemPaths[kind].remove}/${id}`);
    },
    // What it held went too (a subtree, teachers' groups), and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
