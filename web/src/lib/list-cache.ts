// Updates of a cached list after a change the server confirmed, so a list shows it at once without
// fetching itself again. Each returns the list unchanged when it is not cached yet.

type WithId = { id: number };

/** The list without the item `id` (it was deleted). */
export function removeById<T extends WithId>(list: T[] | undefined, id: number): T[] | undefined {
  return list?.filter((item) => item.id !== id);
}

/** The list with the fields of `change` set on item `id` (it was edited or toggled). */
export function mergeById<T extends WithId>(
  list: T[] | undefined,
  id: number,
  change: Partial<T>,
): T[] | undefined {
  return list?.map((item) => (item.id === id ? { ...item, ...change } : item));
}
