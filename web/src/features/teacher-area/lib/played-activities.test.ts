// What the device remembers of the activities it played: the last one (its package is held for a
// re-open) and the earlier ones whose origins are still to be cleared. Node has no localStorage:
// a Map stands in for it.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  contentOriginToClear,
  readLastPlayed,
  readOriginsToClear,
  recordCleared,
  recordContentOriginCleared,
  recordPlayed,
} from './played-activities';

const HASH = (n: number) => String(n).repeat(64).slice(0, 64);

beforeEach(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
});

describe('played activities', () => {
  it('remembers the activity played last, and the one before it as to be cleared', () => {
    expect(readLastPlayed()).toBeNull();
    expect(recordPlayed({ entryId: 1, namespace: HASH(1) })).toEqual([]);
    expect(recordPlayed({ entryId: 2, namespace: HASH(2) })).toEqual([1]);
    expect(readLastPlayed()).toEqual({ entryId: 2, namespace: HASH(2) });
    // Played again: not to be cleared, and the one it replaces is.
    expect(recordPlayed({ entryId: 1, namespace: HASH(3) })).toEqual([2]);
    expect(recordPlayed({ entryId: 1, namespace: HASH(3) })).toEqual([2]);
    expect(recordCleared(2)).toEqual([]);
    expect(readOriginsToClear()).toEqual([]);
  });

  it('keeps at most 20 origins to clear, the most recent', () => {
    for (let id = 1; id <= 30; id += 1) recordPlayed({ entryId: id, namespace: HASH(id % 10) });
    expect(readOriginsToClear()).toEqual(Array.from({ length: 20 }, (_, i) => i + 10));
  });

  it('reads the record an earlier version kept, which named the entry activityId', () => {
    localStorage.setItem('ardoise:last-played', JSON.stringify({ activityId: 7, namespace: HASH(7) }));
    expect(readLastPlayed()).toEqual({ entryId: 7, namespace: HASH(7) });
  });

  it('ignores what it cannot trust in storage', () => {
    localStorage.setItem('ardoise:last-played', '{"activityId":"1","namespace":"x"}');
    localStorage.setItem('ardoise:origins-to-clear', '[1,"2",-3,4.5,null,6]');
    expect(readLastPlayed()).toBeNull();
    expect(readOriginsToClear()).toEqual([1, 6]);
    localStorage.setItem('ardoise:last-played', 'not json');
    expect(readLastPlayed()).toBeNull();
  });

  it('clears the content origin once on a device the earlier player used', () => {
    expect(contentOriginToClear()).toBe(false);
    localStorage.setItem('ardoise:last-offline-package', HASH(1));
    expect(contentOriginToClear()).toBe(true);
    recordContentOriginCleared();
    expect(contentOriginToClear()).toBe(false);
  });
});
