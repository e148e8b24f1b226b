// Unzips a package and stores its files in the package's IndexedDB database, off the main thread,
// in batches of 50 files with a 10 ms pause between batches (SPEC §9), then a meta record marking
// the copy complete. Pipelined: the next batch is inflated into one blob during the pause while the
// browser writes the previous ones. Messages: in {namespace, bytes}; out extracted → stored →
// installed | failed.
import { OFFLINE_STORE_BATCH_PAUSE_MS, OFFLINE_STORE_BATCH_SIZE } from '../../common/constants.js';
import { contentTypeFor } from './mime';
import {
  CHUNKS_STORE,
  databaseName,
  deleteDatabase,
  FILES_STORE,
  type FileRecord,
  META_KEY,
  META_STORE,
  openPackageDb,
  type PackageMeta,
  transactionDone,
} from './offline-db';
import { normalisePath, packageRoot } from './package-files';
import { inflateEntries, readZipDirectory, type ZipEntry } from './zip-directory';

export type WorkerRequest = { namespace: string; bytes: ArrayBuffer };
export type WorkerReply =
  | { type: 'extracted'; fileCount: number }
  | { type: 'stored'; done: number; total: number }
  | { type: 'installed'; meta: PackageMeta }
  | { type: 'failed'; detail: string };

const post = (reply: WorkerReply) => self.postMessage(reply);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Entry = ZipEntry & { path: string };

/** The package's served files (with their path under the folder holding index.html), none inflated. */
function listEntries(zip: Uint8Array): Entry[] {
  const named: Entry[] = [];
  for (const entry of readZipDirectory(zip)) {
    const path = normalisePath(entry.name);
    if (path) named.push({ ...entry, path });
  }
  const root = packageRoot(named.map((entry) => entry.path));
  return named
    .filter((entry) => entry.path.startsWith(root))
    .map((entry) => ({ ...entry, path: entry.path.slice(root.length) }));
}

/** One batch: its files inflated back to back into one blob, and where each file sits in it. */
function packBatch(zip: Uint8Array, batch: Entry[], chunk: number) {
  const records: [string, FileRecord][] = [];
  let offset = 0;
  for (const entry of batch) {
    records.push([entry.path, { chunk, offset, size: entry.size, type: contentTypeFor(entry.path) }]);
    offset += entry.size;
  }
  // One part: a blob of 50 small parts costs the browser several times more to build.
  return { records, blob: new Blob([inflateEntries(zip, batch)]) };
}

/** One transaction per batch: one blob and a small record per file (the browser writes one file
 * per batch instead of one per package file; the service worker serves a slice of the blob). */
function writeBatch(
  db: IDBDatabase,
  chunk: number,
  { records, blob }: ReturnType<typeof packBatch>,
  meta: PackageMeta | null,
) {
  // Relaxed: a copy cut short by a crash has no meta record and is downloaded again. Transactions
  // on the same stores commit in order, so the last one (with the meta record) commits last.
  const transaction = db.transaction([FILES_STORE, CHUNKS_STORE, META_STORE], 'readwrite', {
    durability: 'relaxed',
  });
  const files = transaction.objectStore(FILES_STORE);
  for (const [path, record] of records) files.put(record, path);
  transaction.objectStore(CHUNKS_STORE).put(blob, chunk);
  if (meta) transaction.objectStore(META_STORE).put(meta, META_KEY);
  return transactionDone(transaction);
}

async function install({ namespace, bytes }: WorkerRequest): Promise<void> {
  // A half-written copy from an interrupted run is not reused; the database is recreated while the
  // zip's directory is read.
  const opening = deleteDatabase(databaseName(namespace)).then(() => openPackageDb(namespace));
  opening.catch(() => undefined); // awaited below
  const zip = new Uint8Array(bytes);
  let entries: Entry[];
  try {
    entries = listEntries(zip);
  } catch (error) {
    // Not a playable package: leave no empty database behind.
    const db = await opening.catch(() => null);
    db?.close();
    await deleteDatabase(databaseName(namespace)).catch(() => undefined);
    throw error;
  }
  post({ type: 'extracted', fileCount: entries.length });

  const db = await opening;
  try {
    // Batches are submitted at least 10 ms apart; the next batch is decompressed and packed during
    // the pause, and the browser commits submitted batches in order while the worker goes on. The
    // meta record, marking the copy complete, goes with the last batch.
    const meta: PackageMeta = {
      namespace,
      entry: 'index.html',
      fileCount: entries.length,
      storedAt: Date.now(),
    };
    const commits: Promise<void>[] = [];
    let pauseOver: Promise<unknown> = Promise.resolve();
    for (let start = 0, chunk = 0; start < entries.length; start += OFFLINE_STORE_BATCH_SIZE, chunk++) {
      const batch = entries.slice(start, start + OFFLINE_STORE_BATCH_SIZE);
      const packed = packBatch(zip, batch, chunk);
      const done = start + batch.length;
      await pauseOver;
      pauseOver = pause(OFFLINE_STORE_BATCH_PAUSE_MS);
      const last = done === entries.length;
      commits.push(
        writeBatch(db, chunk, packed, last ? meta : null).then(() =>
          post({ type: 'stored', done, total: entries.length }),
        ),
      );
    }
    await Promise.all(commits);
    post({ type: 'installed', meta });
  } finally {
    db.close();
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  install(event.data).catch((error: unknown) => {
    post({ type: 'failed', detail: error instanceof Error ? error.message : String(error) });
  });
};
