// The files behind curriculum rows. PDFs and packages are stored by content hash, so two rows may
// share one file: a file is removed only when no row references it any more. Adding a file
// (move into place + insert its row) and removing one (reference check + delete) run under a
// per-key database lock so the two can never interleave, in this instance or another one.
// A process killed between those two steps leaves files no row references: sweepUnreferencedFiles,
// run at start (and by `npm run sweep-files`), is the one place that removes them.
import type { Db } from '../../db/database.js';
import { withDatabaseLock, withProcessLock } from '../../db/database-lock.js';
import type { FileStore } from '../../storage/file-store.js';
import { ownerOfKey, packageDirKey, packageZipKey } from '../../storage/keys.js';
import { isPackageReferenced, isPdfKeyReferenced } from './curriculum.repository.js';

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

export type SweepReport = {
  /** Stored files (PDFs, package zips and unpacked files) that no row references. */
  unreferenced: { key: string; size: number }[];
  /** Keys outside Ardoise's layout: reported, never removed. */
  unknown: string[];
};

/**
 * Finds the stored files no row references (left by a crash between storing a file and inserting
 * its row, or by a removal that failed after its delete committed) and, with `apply`, removes them,
 * each under its key's lock and after checking again that no row references it: an upload in
 * progress holds that lock from storing its files to committing its row, so it is never cut.
 */
export async function sweepUnreferencedFiles(
  db: Db,
  files: FileStore,
  options: { apply: boolean },
): Promise<SweepReport> {
  const report: SweepReport = { unreferenced: [], unknown: [] };
  const referenced = new Map<string, boolean>();
  const isReferenced = async (id: string, check: () => Promise<boolean>) => {
    if (!referenced.has(id)) referenced.set(id, await check());
    return referenced.get(id) as boolean;
  };
  const refs: FileRefs = { pdfKeys: [], packageHashes: [] };
  for await (const object of files.list('')) {
    const owner = ownerOfKey(object.key);
    if (owner.kind === 'unknown') {
      report.unknown.push(object.key);
      continue;
    }
    const kept =
      owner.kind === 'pdf'
        ? await isReferenced(owner.key, () => isPdfKeyReferenced(db, owner.key))
        : await isReferenced(owner.hash, () => isPackageReferenced(db, owner.hash));
    if (kept) continue;
    report.unreferenced.push(object);
    if (owner.kind === 'pdf') refs.pdfKeys.push(owner.key);
    else refs.packageHashes.push(owner.hash);
  }
  if (options.apply) await removeUnreferencedFiles(db, files, refs);
  return report;
}
