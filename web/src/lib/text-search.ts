// Client-side "contains" search of a list (docs/product.md#business-constants-and-limits: the lists are not paginated, search is local).
// The lower-cased text of each item is built once per list, when the browser is idle after the list
// has painted (or at the first search, whichever comes first), so a keystroke is one pass of includes().
import { useEffect, useMemo } from 'react';

type SearchIndex<T> = { items: T[]; texts: () => string[] };

function buildIndex<T>(items: T[], textOf: (item: T) => string): SearchIndex<T> {
  let texts: string[] | undefined;
  return { items, texts: () => (texts ??= items.map((item) => textOf(item).toLowerCase())) };
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 50);
  return () => window.clearTimeout(handle);
};

/** The items whose text (from `textOf`, which must be a stable function) contains the query, any case. */
export function useTextSearch<T>(items: T[] | undefined, textOf: (item: T) => string, query: string): T[] {
  const index = useMemo(() => buildIndex(items ?? [], textOf), [items, textOf]);
  useEffect(() => whenIdle(() => index.texts()), [index]);
  return useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return index.items;
    const texts = index.texts();
    const found: T[] = [];
    for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(needle)) found.push(index.items[i]!);
    return found;
  }, [index, query]);
}
