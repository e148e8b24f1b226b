// What adding any curriculum item does: POST its fields, read the new item from the key the server
// answers it under, then refresh the screens that list it.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';

/** The call that POSTs a new item's fields to `path`; the answer holds the item under `field`. */
export function postNewItem<Variables>(path: string, field: string) {
  return async (variables: Variables): Promise<Item> => {
    const { data } = await api.post<Record<string, Item>>(path, variables);
    return data[field] as Item;
  };
}

/** `create` as a mutation that refreshes what is cached under `refreshed` once the item exists. */
export function useCreateItem<Variables>(
  create: (variables: Variables) => Promise<Item>,
  refreshed: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshed }),
  });
}
