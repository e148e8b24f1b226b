// The local scratch folder of both file-store drivers: uploads are received and unpacked there
// before the store takes them. It is cleared at start (what interrupted uploads left) and hands out
// a fresh random path for each file or folder being written.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.js';

/** The scratch folder's name, under the local store's root or DATA_DIR; keys under it (the S3
 * store's readiness probe) are left out of listings. */
export const SCRATCH_FOLDER = 'tmp';

export abstract class ScratchFolder implements Pick<FileStore, 'tempDir' | 'init' | 'tempPath'> {
  readonly tempDir: string;

  constructor(parentDir: string) {
    this.tempDir = path.join(parentDir, SCRATCH_FOLDER);
  }

  async init(): Promise<void> {
    await fs.rm(this.tempDir, { recursive: true, force: true });
    await fs.mkdir(this.tempDir, { recursive: true });
  }

  tempPath(suffix = ''): string {
    return path.join(this.tempDir, `${crypto.randomUUID()}${suffix}`);
  }
}
