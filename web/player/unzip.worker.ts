// Unzips a package and stores its files in the package's IndexedDB database, off the main thread:
// batches of 50 files with a 10 ms pause between batches (SPEC §9), then a meta record marking the
// copy complete. Messages: in {namespace, bytes}; out extracted → stored → installed | failed.
import { unzipSync } from 'fflate';
import { OFFLINE_STORE_BATCH_PAUSE_MS, OFFLINE_STORE_BATCH_SIZE } from '../../common/constants.js';
import { contentTypeFor } from './mime';
import {
  databaseName,
  deleteDatabase,
  FILES_STORE,
  META_KEY,
  META_STORE,
  openPackageDb,
  type PackageMeta,
  transactionDone,
} from './offline-db';
import { servedFiles } from './package-files';

export type WorkerRequest = { namespace: string; bytes: ArrayBuffer };
export type WorkerReply =
  | { type: 'extracted'; fileCount: number }
  | { type: 'stored'; done: number; total: number }
  | { type: 'installed'; meta: PackageMeta }
  | { type: 'failed'; detail: string };

const post = (reply: WorkerReply) => self.postMessage(reply);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function install({ namespace, bytes }: WorkerRequest): Promise<void> {
  const files = servedFiles(unzipSync(new Uint8Array(bytes)));
  post({ type: 'extracted', fileCount: files.length });

  // A half-written copy from an interrupted run is not reused.
  await deleteDatabase(databaseName(namespace));
  const db = await openPackageDb(namespace);
  try {
    for (let start = 0; start < files.length; start += OFFLINE_STORE_BATCH_SIZE) {
      if (start > 0) await pause(OFFLINE_STORE_BATCH_PAUSE_MS);
      const transaction = db.transaction(FILES_STORE, 'readwrite');
      const store = transaction.objectStore(FILES_STORE);
      const batch = files.slice(start, start + OFFLINE_STORE_BATCH_SIZE);
      for (const file of batch) {
        store.put(
          new Blob([file.data as Uint8Array<ArrayBuffer>], { type: contentTypeFor(file.path) }),
          file.path,
        );
      }
      await transactionDone(transaction);
      post({ type: 'stored', done: start + batch.length, total: files.length });
    }
    const meta: PackageMeta = {
      namespace,
      entry: 'index.html',
      fileCount: files.length,
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
