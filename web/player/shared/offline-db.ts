// The device's offline copy of one activity package: an IndexedDB database per package, named
// with the keynote_activity_ prefix and the package's content hash (docs/product.md#business-constants-and-limits). Used by the player
// page, the unzip worker and (read-only, through its own copy of the names) the service worker.
import { OFFLINE_DB_PREFIX } from '@/common/constants.js';
import { requestToPromise } from '../../shared/indexed-db';

/** path in the zip (root included) → FileRecord: where a file's bytes are. */
export const FILES_STORE = 'files';
/** batch number → Blob: the bytes of one batch of files, back to back (one disk write per batch). */
export const CHUNKS_STORE = 'chunks';
/** The key, in CHUNKS_STORE, of the blob with the files held in memory for synchronous reads
 * (sync-shim.ts), back to back as the meta record's `texts` says. */
export const SYNC_TEXTS_KEY = -1;
export const META_STORE = 'meta';
export const META_KEY = 'package';

export type FileRecord = { chunk: number; offset: number; size: number; type: string };

/** Where each file held for synchronous reads is in the held bytes: path in the zip, offset, size. */
export type SyncTextIndex = [path: string, offset: number, size: number][];

/** Copies stored before paths were kept as in the zip (version 1), or before the files for
 * synchronous reads were kept apart (version 2), are not used or served: downloaded again. */
export const META_VERSION = 3;

export type PackageMeta = {
  version: typeof META_VERSION;
  namespace: string;
  /** The URL path (from /local-activity/{namespace}/) of the launch page, query string kept. */
  entry: string;
  /** The package's folder in the zip ('' or a top folder ending with '/'), as the server said. */
  root: string;
  fileCount: number;
  storedAt: number;
  /** The files held in memory for synchronous reads, in the SYNC_TEXTS_KEY blob. */
  texts: SyncTextIndex;
};

export const databaseName = (namespace: string) => `${OFFLINE_DB_PREFIX}${namespace}`;

/** Opens (creating) a package database. */
export function openPackageDb(namespace: string): Promise<IDBDatabase> {
  const request = indexedDB.open(databaseName(namespace), 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore(FILES_STORE);
    db.createObjectStore(CHUNKS_STORE);
    db.createObjectStore(META_STORE);
  };
  return requestToPromise(request).then((db) => {
    // Let a deletion elsewhere (cleanup, another tab) proceed instead of blocking on this handle.
    db.onversionchange = () => db.close();
    return db;
  });
}

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    // Another open handle that does not close: the deletion completes when it does.
    request.onblocked = () => resolve();
  });
}

/** Names of every offline package database on this origin. */
export async function listPackageDatabases(): Promise<string[]> {
  const all = await indexedDB.databases();
  return all.map((d) => d.name ?? '').filter((name) => name.startsWith(OFFLINE_DB_PREFIX));
}

/** The database if it exists, else null: opening a missing (or just deleted) one would create it
 * empty, and an empty copy left behind would block a deletion waiting for it. */
async function openExisting(name: string): Promise<IDBDatabase | null> {
  const request = indexedDB.open(name);
  request.onupgradeneeded = () => request.transaction?.abort();
  try {
    return await requestToPromise(request);
  } catch {
    return null;
  }
}

/** The package's meta record if the database holds a complete copy, else null. */
export async function readCompleteMeta(name: string): Promise<PackageMeta | null> {
  const db = await openExisting(name);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(META_STORE)) return null;
    const transaction = db.transaction(META_STORE, 'readonly');
    const meta = await requestToPromise(transaction.objectStore(META_STORE).get(META_KEY));
    return isCurrentMeta(meta) ? meta : null;
  } finally {
    db.close();
  }
}

/** The bytes of the files held for synchronous reads (empty when there are none). */
export async function readSyncTexts(meta: PackageMeta): Promise<Uint8Array> {
  if (meta.texts.length === 0) return new Uint8Array(0);
  const db = await openExisting(databaseName(meta.namespace));
  if (!db) return new Uint8Array(0);
  try {
    const transaction = db.transaction(CHUNKS_STORE, 'readonly');
    const blob = (await requestToPromise(transaction.objectStore(CHUNKS_STORE).get(SYNC_TEXTS_KEY))) as
      | Blob
      | undefined;
    return blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array(0);
  } finally {
    db.close();
  }
}

export function isCurrentMeta(meta: unknown): meta is PackageMeta {
  const { version, texts } = (meta ?? {}) as Partial<PackageMeta>;
  return version === META_VERSION && Array.isArray(texts);
}
