// Client-side "contains" search of a list (SPEC §9: the lists are not paginated, search is local).
// The lower-cased text of each item is built once per list, so a keystroke is one pass of includes().
import { useMemo } from 'react';

/** The items whose text (from `textOf`, which must be a stable function) contains the query, any case. */
export function useTextSearch<T>(items: T[] | undefined, textOf: (item: T) => string, query: string): T[] {
  const index = useMemo(
    () => (items ?? []).map((item) => ({ item, text: textOf(item).toLowerCase() })),
    [items, textOf],
  );
  return useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return index.map((entry) => entry.item);
    const found: T[] = [];
    for (const entry of index) if (entry.text.includes(needle)) found.push(entry.item);
    return found;
  }, [index, query]);
}
