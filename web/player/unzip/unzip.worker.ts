// Unzips a package while it downloads and stores its files in the package's IndexedDB database,
// off the main thread, in batches of 50 files with a 10 ms pause between batches (docs/product.md#business-constants-and-limits), then a
// meta record marking the copy complete.
// The zip arrives in chunks. Its entries are read from their local headers as their bytes arrive,
// and each batch is stored as soon as its 50 files are there, so the mandated pauses run beside
// the download. Once the whole zip is in, its central directory must match what was read; if it
// does not, or the layout is not the plain one, everything is stored again from the directory.
// Paths are stored as in the zip; the launch page (checked to be there) goes in the meta record.
// The small text files content may read with synchronous XHR (sync-shim.ts) are also stored back
// to back in one more blob, and handed to the player page, which holds them in memory.
// Messages: in start → chunk… → end; out extracted → installed | failed.
import { OFFLINE_STORE_BATCH_PAUSE_MS, OFFLINE_STORE_BATCH_SIZE } from '@/common/constants.js';
import { packageContentType } from '@/common/content/content-types.js';
import { transactionDone } from '../../shared/indexed-db';
import {
  CHUNKS_STORE,
  databaseName,
  deleteDatabase,
  FILES_STORE,
  type FileRecord,
  META_KEY,
  META_STORE,
  META_VERSION,
  openPackageDb,
  type PackageMeta,
  SYNC_TEXTS_KEY,
} from '../shared/offline-db';
import { chooseSyncTexts, syncTextIndex } from '../shared/sync-shim';
import { matchesDirectory, readLocalEntry } from './local-headers';
import { normalisePath, resolveLaunch } from './package-files';
import {
  inflateEntries,
  type LocatedEntry,
  locateEntries,
  readZipDirectory,
  type ZipEntry,
} from './zip-directory';

export type WorkerRequest =
  /** A package of `size` bytes is coming. */
  | { type: 'start'; namespace: string; size: number }
  | { type: 'chunk'; bytes: ArrayBuffer }
  /** Every chunk has been sent; the package's folder and launch page, as the server recognised them. */
  | { type: 'end'; root: string; launch: string };
export type WorkerReply =
  | { type: 'extracted' }
  /** `texts`: the bytes of the files of meta.texts (transferred). */
  | { type: 'installed'; meta: PackageMeta; texts: ArrayBuffer }
  | { type: 'failed'; detail: string };

const post = (reply: WorkerReply, transfer: Transferable[] = []) => self.postMessage(reply, { transfer });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ignore = () => undefined;

/** A served file: its entry and its path in the package. */
type PackageFile = LocatedEntry & { path: string };

function asPackageFile(entry: LocatedEntry): PackageFile | null {
  const path = normalisePath(entry.name);
  return path ? { ...entry, path } : null;
}

/** Writes batches in order, each submitted at least the mandated pause after the previous one. The
 * browser commits submitted batches in order while the worker goes on; the next batch is inflated
 * into one buffer during the pause (the first one while the database is being recreated). */
class BatchWriter {
  private chunk = 0;
  private queue: Promise<void> = Promise.resolve();
  private pauseOver: Promise<unknown> = Promise.resolve();
  private readonly commits: Promise<void>[] = [];

  constructor(
    private readonly db: Promise<IDBDatabase>,
    private readonly zip: Uint8Array,
  ) {}

  write(files: readonly PackageFile[], last: { meta: PackageMeta; texts: Blob | null } | null = null): void {
    const chunk = this.chunk++;
    this.queue = this.queue.then(async () => {
      const packed = packBatch(this.zip, files, chunk);
      const db = await this.db;
      await this.pauseOver;
      this.pauseOver = pause(OFFLINE_STORE_BATCH_PAUSE_MS);
      const commit = writeBatch(db, chunk, packed, last);
      commit.catch(ignore); // awaited in done()
      this.commits.push(commit);
    });
    this.queue.catch(ignore); // awaited in done()
  }

  /** Resolves once every batch is committed; rejects if one failed. */
  async done(): Promise<void> {
    await this.queue;
    await Promise.all(this.commits);
  }
}

/** One batch: its files inflated back to back into one blob, and where each file sits in it. */
function packBatch(zip: Uint8Array, files: readonly PackageFile[], chunk: number) {
  const records: [string, FileRecord][] = [];
  let offset = 0;
  for (const file of files) {
    records.push([file.path, { chunk, offset, size: file.size, type: packageContentType(file.path) }]);
    offset += file.size;
  }
  // One part: a blob of 50 small parts costs the browser several times more to build.
  return { records, blob: records.length > 0 ? new Blob([inflateEntries(zip, files)]) : null };
}

/** One transaction per batch: one blob and a small record per file (the browser writes one file
 * per batch instead of one per package file; the service worker serves a slice of the blob). */
function writeBatch(
  db: IDBDatabase,
  chunk: number,
  { records, blob }: ReturnType<typeof packBatch>,
  last: { meta: PackageMeta; texts: Blob | null } | null,
) {
  // Relaxed: a copy cut short by a crash has no meta record and is downloaded again. Transactions
  // on the same stores commit in order, so the last one (with the meta record) commits last.
  const transaction = db.transaction([FILES_STORE, CHUNKS_STORE, META_STORE], 'readwrite', {
    durability: 'relaxed',
  });
  const store = transaction.objectStore(FILES_STORE);
  for (const [path, record] of records) store.put(record, path);
  if (blob) transaction.objectStore(CHUNKS_STORE).put(blob, chunk);
  if (last?.texts) transaction.objectStore(CHUNKS_STORE).put(last.texts, SYNC_TEXTS_KEY);
  if (last) transaction.objectStore(META_STORE).put(last.meta, META_KEY);
  return transactionDone(transaction);
}

/** A half-written copy from an interrupted run is never reused: the database starts empty. */
function freshDatabase(namespace: string): Promise<IDBDatabase> {
  return deleteDatabase(databaseName(namespace)).then(() => openPackageDb(namespace));
}

class PackageInstall {
  private readonly zip: Uint8Array;
  private received = 0;
  private readonly opening: Promise<IDBDatabase>;
  private readonly writer: BatchWriter;
  /** Where the next local header is; null once the local headers cannot be followed. */
  private next: number | null = 0;
  private directoryReached = false;
  /** Every entry read from the local headers, in order, to compare with the directory. */
  private readonly read: ZipEntry[] = [];
  private readonly files: PackageFile[] = [];
  private waiting: PackageFile[] = [];

  constructor(
    private readonly namespace: string,
    size: number,
  ) {
    this.zip = new Uint8Array(size);
    this.opening = freshDatabase(namespace);
    this.opening.catch(ignore); // awaited in finish()
    this.writer = new BatchWriter(this.opening, this.zip);
  }

  add(bytes: ArrayBuffer): void {
    if (this.received + bytes.byteLength > this.zip.length)
      throw new Error('The package is larger than announced');
    this.zip.set(new Uint8Array(bytes), this.received);
    this.received += bytes.byteLength;
    this.readLocalEntries();
    this.storeFullBatches();
  }

  private readLocalEntries(): void {
    while (this.next !== null && !this.directoryReached) {
      const step = readLocalEntry(this.zip, this.next, this.received);
      if (step.kind === 'incomplete') return;
      if (step.kind === 'end') this.directoryReached = true;
      else if (step.kind === 'unsupported') this.next = null;
      else {
        this.read.push(step.entry);
        this.next = step.next;
        const file = asPackageFile(step.entry);
        if (file) {
          this.files.push(file);
          this.waiting.push(file);
        }
      }
    }
  }

  private storeFullBatches(): void {
    while (this.waiting.length >= OFFLINE_STORE_BATCH_SIZE) {
      this.writer.write(this.waiting.slice(0, OFFLINE_STORE_BATCH_SIZE));
      this.waiting = this.waiting.slice(OFFLINE_STORE_BATCH_SIZE);
    }
  }

  async finish(root: string, launch: string): Promise<{ meta: PackageMeta; texts: Uint8Array<ArrayBuffer> }> {
    try {
      if (this.received !== this.zip.length) throw new Error('The package download is incomplete');
      const directory = readZipDirectory(this.zip);
      post({ type: 'extracted' });
      let db = await this.opening;
      let writer = this.writer;
      let files = this.waiting;
      let all = this.files;
      if (!this.directoryReached || !matchesDirectory(this.read, directory)) {
        // Not read as it should be: start again from the directory, as if nothing was streamed.
        await writer.done().catch(ignore);
        db.close();
        db = await freshDatabase(this.namespace);
        writer = new BatchWriter(Promise.resolve(db), this.zip);
        files = locateEntries(this.zip, directory).flatMap((entry) => asPackageFile(entry) ?? []);
        all = files;
      }
      try {
        const paths = all.map((file) => file.path);
        const held = chooseSyncTexts(all);
        const texts = inflateEntries(this.zip, held);
        const meta: PackageMeta = {
          version: META_VERSION,
          namespace: this.namespace,
          entry: resolveLaunch(paths, root, launch).url,
          root,
          fileCount: paths.length,
          storedAt: Date.now(),
          texts: syncTextIndex(held),
        };
        // The meta record, marking the copy complete, goes with the last batch.
        const last = { meta, texts: texts.length > 0 ? new Blob([texts]) : null };
        for (let start = 0; start < files.length || start === 0; start += OFFLINE_STORE_BATCH_SIZE) {
          const isLast = start + OFFLINE_STORE_BATCH_SIZE >= files.length;
          writer.write(files.slice(start, start + OFFLINE_STORE_BATCH_SIZE), isLast ? last : null);
        }
        await writer.done();
        return { meta, texts };
      } finally {
        db.close();
      }
    } catch (error) {
      // Not a playable package: leave no partial copy behind.
      (await this.opening.catch(() => null))?.close();
      await deleteDatabase(databaseName(this.namespace)).catch(ignore);
      throw error;
    }
  }
}

let install: PackageInstall | null = null;
let failed = false;

function fail(error: unknown): void {
  failed = true;
  post({ type: 'failed', detail: error instanceof Error ? error.message : String(error) });
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  if (failed) return;
  const request = event.data;
  try {
    if (request.type === 'start' && !install) install = new PackageInstall(request.namespace, request.size);
    else if (request.type === 'chunk' && install) install.add(request.bytes);
    else if (request.type === 'end' && install) {
      install
        .finish(request.root, request.launch)
        .then(
          ({ meta, texts }) => post({ type: 'installed', meta, texts: texts.buffer }, [texts.buffer]),
          fail,
        );
    } else throw new Error(`Unexpected ${request.type} message`);
  } catch (error) {
    fail(error);
  }
};
