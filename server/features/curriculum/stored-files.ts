// The files behind curriculum rows. PDFs and packages are stored by content hash, so two rows may
// share one file: a file is removed only when no row references it any more. Adding a file
// (move into place + insert its row) and removing one (reference check + delete) run under a
// per-key lock so the two can never interleave in this process.
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';
import { isPackageReferenced, isPdfKeyReferenced } from './curriculum.repository.js';

export const pdfKey = (sha256: string) => `pdfs/${sha256}.pdf`;
export const packageZipKey = (sha256: string) => `packages/${sha256}.zip`;
export const packageDirKey = (sha256: string) => `packages/${sha256}`;

const locks = new Map<string, Promise<unknown>>();

/** Runs `task` once every earlier task holding the same key has finished. */
export async function withFileLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  locks.set(key, settled);
  try {
    return await run;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
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
