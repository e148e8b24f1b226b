// The changes the row menu and the edit form of an admin list make (delete, toggle, edit), each
// written into the cached list once the server has confirmed it, so the list shows it at once.
import type { DataTag, QueryKey } from '@tanstack/react-query';
import { useListItemMutation } from './admin-mutations';
import { mergeById, removeById } from './list-cache';

type WithId = { id: number };

/** The cached list (the `queryKey` of the list's query options). */
type ListKey<T> = DataTag<QueryKey, T[], unknown>;

/**
 * Deletes a row, which then leaves the list. What belonged to it went with it (a school's teachers, a
 * teacher's groups): other admin lists and totals are refreshed.
 */
export function useDeleteRow<T extends WithId>(
  listKey: ListKey<T>,
  deleteRow: (id: number) => Promise<void>,
) {
  return useListItemMutation({
    listKey,
    mutationFn: deleteRow,
    updateList: (list, _data, id) => removeById(list, id),
    refreshOthers: true,
  });
}

/** Flips a row's on/off field; the server answers the field's new value, which the row takes. */
export function useToggleRow<K extends string, T extends WithId & Record<K, boolean>>(
  listKey: ListKey<T>,
  toggleRow: (id: number) => Promise<boolean>,
  field: K,
) {
  return useListItemMutation({
    listKey,
    mutationFn: toggleRow,
    updateList: (list, value, id) => mergeById(list, id, { [field]: value } as Partial<T>),
  });
}

/**
 * Saves a row's edit form; the server answers the saved item, which replaces the row. With
 * `refreshOthers`, the change shows on other admin screens too (counts, totals): they are refreshed.
 */
export function useEditRow<T extends WithId, TVariables>(
  listKey: ListKey<T>,
  editRow: (variables: TVariables) => Promise<T>,
  { refreshOthers = false } = {},
) {
  return useListItemMutation({
    listKey,
    mutationFn: editRow,
    updateList: (list, item) => mergeById(list, item.id, item),
    refreshOthers,
  });
}
