// Start-up step: describes the packages stored before recognition existed (their activities have
// no summary yet) from their stored zip, the same way an upload does. Safe to re-run: only rows
// still without a summary are read, and a package that cannot be described is logged and left.
import type { Db } from '../../db/database.js';
import { HttpError } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { listUndescribedPackages, saveStoredPackageDescription } from '../curriculum/curriculum.service.js';
import { packageZipKey } from '../curriculum/stored-files.js';
import { describeStoredPackage } from './zip-package.js';

export async function describeStoredPackages(
  db: Db,
  files: FileStore,
  print: (line: string) => void,
): Promise<{ described: number; failed: number }> {
  const pending = await listUndescribedPackages(db);
  let described = 0;
  let failed = 0;
  for (const { package_hash: hash } of pending) {
    try {
      const description = await describeStoredPackage(files.absolutePath(packageZipKey(hash)));
      await saveStoredPackageDescription(db, hash, description);
      described++;
    } catch (error) {
      failed++;
      const reason = error instanceof HttpError ? error.message : String(error);
      print(`Could not describe the stored package ${hash}: ${reason}`);
    }
  }
  if (pending.length > 0) print(`Described ${described} stored package(s); ${failed} could not be read.`);
  return { described, failed };
}
