// Renaming and deleting curriculum items: PATCH admin/<edit path>/{id} {title} and DELETE
// admin/<delete path>/{id} (the spec's paths, typos included), one pair per kind of item.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';
import { curriculumKeys } from './query-keys';

function useRename(path: string, refreshed: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) => {
      await api.patch(`${path}/${id}`, { title });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshed }),
  });
}

function useDelete(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: number }) => {
      await api.delete(`${path}/${id}`);
    },
    // What it held went too (a subtree, teachers' groups), and the dashboard totals changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}

// A title also shows in its parent's screen and in the breadcrumbs below it.
export const useEditLevel = () => useRename('admin/editlevel', curriculumKeys.all);
export const useEditPeriod = () => useRename('admin/editperiod', curriculumKeys.all);
export const useEditLesson = () => useRename('admin/editlesson', curriculumKeys.all);
export const useEditSession = () => useRename('admin/editsession', curriculumKeys.all);
export const useEditPdf = () => useRename('admin/editpdf', curriculumKeys.all);
export const useEditActivity = () => useRename('admin/editfile', curriculumKeys.all);

export const useDeleteLevel = () => useDelete('admin/removelevel');
export const useDeletePeriod = () => useDelete('admin/removeperiod');
export const useDeleteLesson = () => useDelete('admin/deletelesosn');
export const useDeleteSession = () => useDelete('admin/deletsession');
export const useDeletePdf = () => useDelete('admin/deletpdf');
export const useDeleteActivity = () => useDelete('admin/deletefile');
