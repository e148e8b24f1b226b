// The bound of the packages the app origin keeps: the most recently used ones up to a total size
// and a count, the least recently used dropped first; a package above the download cap is never kept.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_DOWNLOAD_MAX_BYTES } from '@/common/constants.js';
import {
  type KeptPackage,
  keepable,
  MAX_KEPT_BYTES,
  MAX_KEPT_PACKAGES,
  packagesToEvict,
} from './kept-packages';

const MB = 1024 * 1024;
const item = (n: number, size: number, usedAt: number): KeptPackage => ({
  hash: String(n).repeat(64).slice(0, 64),
  size,
  usedAt,
});
const hashes = (items: KeptPackage[]) => items.map(({ hash }) => hash[0]);

describe('packagesToEvict', () => {
  it('keeps everything while the total stays within the bound', () => {
    const kept = [item(1, 100 * MB, 1), item(2, 100 * MB, 2), item(3, 100 * MB, 3)];
    expect(packagesToEvict(kept, item(4, 100 * MB, 4))).toEqual([]);
  });

  it('drops the least recently used until the new package fits in 500 MB', () => {
    // Used in the order 2, 1, 3, 4, 5: 5 × 100 MB kept, a new 100 MB package drops the oldest (2).
    const kept = [
      item(1, 100 * MB, 20),
      item(2, 100 * MB, 10),
      item(3, 100 * MB, 30),
      item(4, 100 * MB, 40),
      item(5, 100 * MB, 50),
    ];
    expect(MAX_KEPT_BYTES).toBe(500 * MB);
    expect(hashes(packagesToEvict(kept, item(6, 100 * MB, 60)))).toEqual(['2']);
    // A 250 MB one needs three of them gone: 2, 1 and 3, the newest two stay.
    expect(hashes(packagesToEvict(kept, item(6, 250 * MB, 60))).sort()).toEqual(['1', '2', '3']);
  });

  it('never counts the incoming package twice (kept again, it only moves to the front)', () => {
    const kept = [item(1, 300 * MB, 1), item(2, 200 * MB, 2)];
    expect(packagesToEvict(kept, item(1, 300 * MB, 3))).toEqual([]);
  });

  it('keeps at most MAX_KEPT_PACKAGES, however small', () => {
    const kept = Array.from({ length: MAX_KEPT_PACKAGES }, (_, i) => item(i % 10, 1, i + 1)).map((k, i) => ({
      ...k,
      hash: i.toString(16).padStart(64, '0'),
    }));
    const evicted = packagesToEvict(kept, { hash: 'f'.repeat(64), size: 1, usedAt: 1000 });
    expect(evicted.map(({ usedAt }) => usedAt)).toEqual([1]);
  });

  it('keeps no package larger than the download cap', () => {
    expect(keepable(ACTIVITY_DOWNLOAD_MAX_BYTES)).toBe(true);
    expect(keepable(ACTIVITY_DOWNLOAD_MAX_BYTES + 1)).toBe(false);
    expect(keepable(0)).toBe(false);
  });
});
