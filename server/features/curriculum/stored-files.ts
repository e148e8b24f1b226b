// The files behind curriculum rows. PDFs and packages are stored by content hash, so two rows may
// share one file: a file is removed only when no row references it any more. Adding a file
// (move into place + insert its row) and removing one (reference check + delete) run under a
// per-key database lock so the two can never interleave, in this instance or another one.
// A process killed between those two steps leaves files no row references: removeOrphanFiles,
// run at start, is the one place that removes them.
import fs from 'node:fs/promises';
import type { Db } from '../../db/database.js';
import { withDatabaseLock, withProcessLock } from '../../db/database-lock.js';
import type { FileStore } from '../../storage/file-store.js';
import { isPackageReferenced, isPdfKeyReferenced } from './curriculum.repository.js';

export const pdfKey = (sha256: string) => `pdfs/${sha256}.pdf`;
export const packageZipKey = (sha256: string) => `packages/${sha256}.zip`;
export const packageDirKey = (sha256: string) => `packages/${sha256}`;

/** The database whose locks guard the files; set once when the app is built. Without one (scripts,
 * unit tests of this module) the lock holds within this process only. */
let lockDatabase: Db | undefined;

export function lockFilesWithDatabase(db: Db): void {
  lockDatabase = db;
}

const fileLockName = (key: string) => `ardoise:file:${key}`;

/** Runs `task` once every earlier task holding the same key, in any instance, has finished. */
export function withFileLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const name = fileLockName(key);
  return lockDatabase ? withDatabaseLock(lockDatabase, name, task) : withProcessLock(name, task);
}

export type FileRefs = { pdfKeys: string[]; packageHashes: string[] };

/** After a delete has committed: removes the files no remaining row points to. `locked` says
 * the caller already holds the keys' locks (a failed upload undoing itself). */
export async function removeUnreferencedFiles(
  db: Db,
  files: FileStore,
  refs: FileRefs,
  options: { locked?: boolean } = {},
): Promise<void> {
  const lock = <T>(key: string, task: () => Promise<T>) =>
    options.locked ? task() : withFileLock(key, task);
  for (const key of new Set(refs.pdfKeys)) {
    await lock(key, async () => {
      if (!(await isPdfKeyReferenced(db, key))) await files.remove(key);
    });
  }
  for (const hash of new Set(refs.packageHashes)) {
    await lock(packageZipKey(hash), async () => {
      if (await isPackageReferenced(db, hash)) return;
      await files.remove(packageZipKey(hash));
      await files.remove(packageDirKey(hash));
    });
  }
}

const PDF_NAME = /^([0-9a-f]{64})\.pdf$/;
/** A package's zip (`<hash>.zip`) or its extracted folder (`<hash>`). */
const PACKAGE_NAME = /^([0-9a-f]{64})(?:\.zip)?$/;

/** The names directly under a folder of the store; none when it does not exist yet. */
async function namesUnder(files: FileStore, folder: string): Promise<string[]> {
  return fs.readdir(files.absolutePath(folder)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/**
 * Removes the stored PDFs and packages that no row references, and answers their keys. They are
 * what a process killed (kill -9, power loss) leaves: after moving an upload into place but before
 * inserting its row, or after a delete committed but before its files were removed. Run at start,
 * before serving. Each candidate is checked again under its key's lock (held by an upload from
 * placing its files to inserting its row), so an upload running in another instance on a shared
 * store is never taken. Names the store does not write are left alone.
 */
export async function removeOrphanFiles(db: Db, files: FileStore): Promise<string[]> {
  const [pdfRows, packageRows] = await Promise.all([
    db.selectFrom('pdfs').select('file_key').distinct().execute(),
    db.selectFrom('activities').select('package_hash').distinct().execute(),
  ]);
  const pdfKeys = new Set(pdfRows.map((row) => row.file_key));
  const packageHashes = new Set(packageRows.map((row) => row.package_hash));
  const removed: string[] = [];
  for (const name of await namesUnder(files, 'pdfs')) {
    const key = `pdfs/${name}`;
    if (!PDF_NAME.test(name) || pdfKeys.has(key)) continue;
    await withDatabaseLock(db, fileLockName(key), async () => {
      if (await isPdfKeyReferenced(db, key)) return;
      await files.remove(key);
      removed.push(key);
    });
  }
  const orphanHashes = new Set<string>();
  for (const name of await namesUnder(files, 'packages')) {
    const hash = PACKAGE_NAME.exec(name)?.[1];
    if (hash && !packageHashes.has(hash)) orphanHashes.add(hash);
  }
  for (const hash of orphanHashes) {
    await withDatabaseLock(db, fileLockName(packageZipKey(hash)), async () => {
      if (await isPackageReferenced(db, hash)) return;
      for (const key of [packageZipKey(hash), packageDirKey(hash)]) {
        if (!(await files.exists(key))) continue;
        await files.remove(key);
        removed.push(key);
      }
    });
  }
  return removed;
}
