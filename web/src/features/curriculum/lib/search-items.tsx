// Client-side title search of a curriculum list (docs/product.md#business-constants-and-limits: lists are small and not paginated).
import { useMemo, useState } from 'react';
import type { Item } from '@/common/schemas/curriculum.js';
import { SearchInput } from '@/web/src/components/ui/search-input';

/** The search box to show above a list (`box`), what was typed (`query`, for the list's "no match"
 * state) and the items whose title holds it (`visible`). */
export function useTitleSearch(items: Item[] | undefined, placeholder: string) {
  const [query, setQuery] = useState('');
  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('fr');
    if (!items || !needle) return items;
    return items.filter((item) => item.title.toLocaleLowerCase('fr').includes(needle));
  }, [items, query]);
  const box = (
    <div className="mb-4">
      <SearchInput
        placeholder={placeholder}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
    </div>
  );
  return { box, query, visible };
}
