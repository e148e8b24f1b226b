// Unzips a package and stores its files in the package's IndexedDB database, off the main thread,
// in batches of 50 files with a 10 ms pause between batches (SPEC §9), then a meta record marking
// the copy complete. Pipelined: the next batch is decompressed during the pause while the browser
// writes the previous ones. Messages: in {namespace, bytes}; out extracted → stored →
// installed | failed.
import { type UnzipFileInfo, unzipSync } from 'fflate';
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

export type WorkerRequest = { namespace: string; bytes: ArrayBuffer };
export type WorkerReply =
  | { type: 'extracted'; fileCount: number }
  | { type: 'stored'; done: number; total: number }
  | { type: 'installed'; meta: PackageMeta }
  | { type: 'failed'; detail: string };

const post = (reply: WorkerReply) => self.postMessage(reply);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Entry = { name: string; path: string };

/** The package's served files (zip name → path under the folder holding index.html), none decompressed. */
function listEntries(zip: Uint8Array): Entry[] {
  const named: { name: string; path: string }[] = [];
  unzipSync(zip, {
    filter: (file: UnzipFileInfo) => {
      const path = normalisePath(file.name);
      if (path) named.push({ name: file.name, path });
      return false;
    },
  });
  const root = packageRoot(named.map((entry) => entry.path));
  return named
    .filter((entry) => entry.path.startsWith(root))
    .map((entry) => ({ name: entry.name, path: entry.path.slice(root.length) }));
}

/** Decompresses only the given entries. */
function extract(zip: Uint8Array, batch: Entry[]): Record<string, Uint8Array> {
  const wanted = new Set(batch.map((entry) => entry.name));
  return unzipSync(zip, { filter: (file) => wanted.has(file.name) });
}

function writeBatch(db: IDBDatabase, chunk: number, batch: Entry[], data: Record<string, Uint8Array>) {
  // One blob per batch and a small record per file: the browser writes one file per batch instead
  // of one per package file, and the service worker serves a slice of it.
  // Relaxed: a copy cut short by a crash has no meta record and is downloaded again.
  const transaction = db.transaction([FILES_STORE, CHUNKS_STORE], 'readwrite', { durability: 'relaxed' });
  const records = transaction.objectStore(FILES_STORE);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const entry of batch) {
    const bytes = (data[entry.name] ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>;
    const record: FileRecord = { chunk, offset, size: bytes.length, type: contentTypeFor(entry.path) };
    records.put(record, entry.path);
    parts.push(bytes);
    offset += bytes.length;
  }
  transaction.objectStore(CHUNKS_STORE).put(new Blob(parts), chunk);
  return transactionDone(transaction);
}

async function install({ namespace, bytes }: WorkerRequest): Promise<void> {
  const zip = new Uint8Array(bytes);
  const entries = listEntries(zip);
  post({ type: 'extracted', fileCount: entries.length });

  // A half-written copy from an interrupted run is not reused.
  await deleteDatabase(databaseName(namespace));
  const db = await openPackageDb(namespace);
  try {
    // Batches are submitted at least 10 ms apart; the next batch is decompressed during the pause,
    // and the browser commits submitted batches in order while the worker goes on.
    const commits: Promise<void>[] = [];
    let pauseOver: Promise<unknown> = Promise.resolve();
    for (let start = 0, chunk = 0; start < entries.length; start += OFFLINE_STORE_BATCH_SIZE, chunk++) {
      const batch = entries.slice(start, start + OFFLINE_STORE_BATCH_SIZE);
      const data = extract(zip, batch);
      await pauseOver;
      const done = start + batch.length;
      commits.push(
        writeBatch(db, chunk, batch, data).then(() => post({ type: 'stored', done, total: entries.length })),
      );
      pauseOver = pause(OFFLINE_STORE_BATCH_PAUSE_MS);
    }
    await Promise.all(commits);
    const meta: PackageMeta = {
      namespace,
      entry: 'index.html',
      fileCount: entries.length,
      storedAt: Date.now(),
    };
    const transaction = db.transaction(META_STORE, 'readwrite');
    transaction.objectStore(META_STORE).put(meta, META_KEY);
    await transactionDone(transaction);
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
