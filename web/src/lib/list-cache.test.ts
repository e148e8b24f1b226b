// Cached list updates after a confirmed change: the item goes, or takes the change, and nothing else moves.
import { describe, expect, it } from 'vitest';
import { mergeById, removeById } from './list-cache';

const list = [
  { id: 1, name: 'Lilas', active: true },
  { id: 2, name: 'Tilleuls', active: true },
];

describe('removeById', () => {
  it('drops only the deleted item', () => {
    expect(removeById(list, 1)).toEqual([list[1]]);
    expect(removeById(list, 3)).toEqual(list);
  });

  it('leaves a list that is not cached yet as it is', () => {
    expect(removeById(undefined, 1)).toBeUndefined();
  });
});

describe('mergeById', () => {
  it('sets the changed fields on that item only, keeping the others', () => {
    expect(mergeById(list, 2, { active: false })).toEqual([
      list[0],
      { id: 2, name: 'Tilleuls', active: false },
    ]);
    expect(mergeById(list, 1, { id: 1, name: 'Lilas bis', active: true })?.[0]?.name).toBe('Lilas bis');
  });

  it('does not change the list it was given', () => {
    mergeById(list, 1, { active: false });
    expect(list[0]?.active).toBe(true);
  });
});
