// The packages this device downloaded, kept on the app origin by content hash (IndexedDB
// `ardoise_packages`), so that a player frame on another activity's origin (the next pupil's entry
// on a shared tablet, the same activity in another group) gets its bytes from the device instead
// of the network. Only the package zips are kept (untrusted content, handed to the sandboxed player
// frame as a download is): never runtime data, launches or tokens. Bounded: the most recently used
// packages up to MAX_KEPT_BYTES and MAX_KEPT_PACKAGES (their hashes go in the download's
// If-None-Match), the least recently used dropped first.
import { ACTIVITY_DOWNLOAD_MAX_BYTES } from '@/common/constants.js';
import { databaseOpener, requestToPromise, transactionDone } from '@/web/shared/indexed-db';
import { NAMESPACE_PATTERN } from '@/web/shared/protocol';

export const MAX_KEPT_BYTES = 500 * 1024 * 1024;
/** Their hashes, 68 bytes each in the If-None-Match header, stay about 2 KB. */
export const MAX_KEPT_PACKAGES = 30;

export type KeptPackage = { hash: string; size: number; usedAt: number };

const DB = 'ardoise_packages';
/** What is kept (small records, read before each download) apart from the bytes (Blobs). */
const INDEX = 'index';
const BYTES = 'bytes';

const openKept = databaseOpener(DB, (db) => {
  db.createObjectStore(INDEX, { keyPath: 'hash' });
  db.createObjectStore(BYTES);
});

/** Which of `kept` go so that `incoming` fits beside the rest: the least recently used first. */
export function packagesToEvict(
  kept: readonly KeptPackage[],
  incoming: KeptPackage,
  limits = { bytes: MAX_KEPT_BYTES, count: MAX_KEPT_PACKAGES },
): KeptPackage[] {
  const others = kept.filter((item) => item.hash !== incoming.hash).sort((a, b) => b.usedAt - a.usedAt);
  let bytes = incoming.size;
  let count = 1;
  const evicted: KeptPackage[] = [];
  for (const item of others) {
    if (count + 1 <= limits.count && bytes + item.size <= limits.bytes) {
      count += 1;
      bytes += item.size;
    } else evicted.push(item);
  }
  return evicted;
}

/** Whether a package of `size` bytes may be kept at all. */
export const keepable = (size: number) =>
  Number.isSafeInteger(size) && size > 0 && size <= Math.min(ACTIVITY_DOWNLOAD_MAX_BYTES, MAX_KEPT_BYTES);

/** The hashes kept, most recently used first. */
export async function keptHashes(): Promise<string[]> {
  const db = await openKept();
  const all = (await requestToPromise(db.transaction(INDEX).objectStore(INDEX).getAll())) as KeptPackage[];
  return all.sort((a, b) => b.usedAt - a.usedAt).map((item) => item.hash);
}

/** Keeps a downloaded package, dropping the least recently used ones beyond the bounds. */
export async function keepPackage(hash: string, bytes: Blob): Promise<void> {
  if (!NAMESPACE_PATTERN.test(hash) || !keepable(bytes.size)) return;
  const db = await openKept();
  const transaction = db.transaction([INDEX, BYTES], 'readwrite');
  const index = transaction.objectStore(INDEX);
  const all = (await requestToPromise(index.getAll())) as KeptPackage[];
  const incoming: KeptPackage = { hash, size: bytes.size, usedAt: Date.now() };
  for (const old of packagesToEvict(all, incoming)) {
    index.delete(old.hash);
    transaction.objectStore(BYTES).delete(old.hash);
  }
  index.put(incoming);
  transaction.objectStore(BYTES).put(bytes, hash);
  await transactionDone(transaction);
}

/** The bytes kept for `hash` (marked as used now), or null. */
export async function keptPackage(hash: string): Promise<Blob | null> {
  const db = await openKept();
  const transaction = db.transaction([INDEX, BYTES], 'readwrite');
  const index = transaction.objectStore(INDEX);
  const [record, bytes] = await Promise.all([
    requestToPromise(index.get(hash)) as Promise<KeptPackage | undefined>,
    requestToPromise(transaction.objectStore(BYTES).get(hash)) as Promise<unknown>,
  ]);
  if (record && bytes instanceof Blob && bytes.size === record.size)
    index.put({ ...record, usedAt: Date.now() } satisfies KeptPackage);
  await transactionDone(transaction);
  return record && bytes instanceof Blob && bytes.size === record.size ? bytes : null;
}

/** Forgets a kept package whose bytes could not be read back. */
export async function forgetPackage(hash: string): Promise<void> {
  const db = await openKept();
  const transaction = db.transaction([INDEX, BYTES], 'readwrite');
  transaction.objectStore(INDEX).delete(hash);
  transaction.objectStore(BYTES).delete(hash);
  await transactionDone(transaction);
}
