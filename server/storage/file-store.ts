// The file store: uploaded PDFs and activity packages on local disk (an S3 driver can implement
// the same interface later). Keys are relative paths:
//   pdfs/<sha256>.pdf          a PDF, stored by content hash
//   packages/<sha256>.zip      an activity package as uploaded (what learners download)
//   packages/<sha256>/...      the same package extracted once, for the admin preview
// Files are never changed in place. Uploads are written under tmp/ first and moved into place,
// so a crash leaves only tmp/ leftovers, which the start-up sweep removes.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export class FileStore {
  constructor(readonly root: string) {}

  async init(): Promise<void> {
    await fs.mkdir(this.tempDir(), { recursive: true });
  }

  /** Removes whatever an interrupted upload left behind. Run at start, before serving. */
  async sweepTemp(): Promise<void> {
    await fs.rm(this.tempDir(), { recursive: true, force: true });
    await fs.mkdir(this.tempDir(), { recursive: true });
  }

  /** A fresh path under tmp/ for a file or folder being written. */
  tempPath(suffix = ''): string {
    return path.join(this.tempDir(), `${crypto.randomUUID()}${suffix}`);
  }

  /** The absolute path of a key; refuses keys that would leave the store. */
  absolutePath(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Key outside the file store: ${key}`);
    return resolved;
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.absolutePath(key)).then(
      () => true,
      () => false,
    );
  }

  /** Moves a finished temp file or folder to its key. If the key already exists (same content
   * hash), the temp copy is dropped: content-addressed files are identical by construction. */
  async moveIntoPlace(tempPath: string, key: string): Promise<void> {
    const target = this.absolutePath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (await this.exists(key)) {
      await fs.rm(tempPath, { recursive: true, force: true });
      return;
    }
    await fs.rename(tempPath, target);
  }

  /** Removes a file or folder; missing keys are fine. */
  async remove(key: string): Promise<void> {
    await fs.rm(this.absolutePath(key), { recursive: true, force: true });
  }

  private tempDir(): string {
    return path.join(this.root, 'tmp');
  }
}
