// Admin mutations, each with the way it brings the cached admin data up to date once the server has
// confirmed the change.
import { type DataTag, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAdminBut, rootKeys } from './query-keys';

/**
 * A mutation that adds something other admin screens show (lists, totals, options): every admin query is
 * refreshed, and the mutation settles once they are.
 */
export function useAdminMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}

type ListItemMutation<T, TVariables, TData> = {
  /** The cached list the change is written into (the `queryKey` of the list's query options). */
  listKey: DataTag<QueryKey, T[], unknown>;
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The list once the change is made (see list-cache). */
  updateList: (list: T[] | undefined, data: TData, variables: TVariables) => T[] | undefined;
  /** The change shows on other admin screens too (counts, totals): they are refreshed. */
  refreshOthers?: boolean;
};

/** A mutation of one item of a cached admin list, which then shows the change without fetching again. */
export function useListItemMutation<T, TVariables, TData>({
  listKey,
  mutationFn,
  updateList,
  refreshOthers = false,
}: ListItemMutation<T, TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      queryClient.setQueryData(listKey, (list) => updateList(list, data, variables));
      if (refreshOthers) void refreshAdminBut(queryClient, listKey);
    },
  });
}
