// Client-side title search of a curriculum list (SPEC §9: lists are small and not paginated).
import { useMemo } from 'react';
import type { Item } from '../../../../../common/schemas/curriculum.js';

export function useTitleSearch(items: Item[] | undefined, query: string): Item[] | undefined {
  return useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('fr');
    if (!items || !needle) return items;
    return items.filter((item) => item.title.toLocaleLowerCase('fr').includes(needle));
  }, [items, query]);
}
