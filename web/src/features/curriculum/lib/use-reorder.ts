// What a curriculum screen hands its list to let the admin reorder it: saves the new order and says
// whether it was kept.

import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import type { Item } from '@/common/schemas/curriculum.js';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { type ReorderKind, useReorderItems } from '../api/reorder-items';

/** `parentId` is null while the screen has no valid id: the list then cannot be reordered. */
export function useReorder(kind: ReorderKind, parentId: number | null) {
  const reorder = useReorderItems(kind);
  if (parentId === null) return undefined;
  return (items: Item[]) =>
    reorder.mutate(
      { parentId, items },
      {
        onSuccess: () => notify.success(m.reordered),
        onError: (error) => notify.error(m.reorderFailed, getErrorMessage(error, '')),
      },
    );
}
