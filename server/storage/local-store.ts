// The local driver: keys are relative paths under DATA_DIR/files. Uploads are written under tmp/
// first and renamed into place (one filesystem, so the move is atomic), so a crash leaves only tmp/
// leftovers, which init() removes.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore, StoredFile } from './file-store.js';
import { SCRATCH_FOLDER, ScratchFolder } from './scratch-folder.js';

export class LocalFileStore extends ScratchFolder implements FileStore {
  constructor(readonly root: string) {
    super(root);
  }

  get description(): string {
    return `folder ${this.root}`;
  }

  /** The absolute path of a key; refuses keys that would leave the store. */
  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Key outside the file store: ${key}`);
    return resolved;
  }

  async putFile(tempPath: string, key: string): Promise<void> {
    await this.moveIntoPlace(tempPath, key);
  }

  async putFolder(tempDir: string, prefix: string): Promise<void> {
    await this.moveIntoPlace(tempDir, prefix);
  }

  private async moveIntoPlace(tempPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (await this.exists(key)) {
      await fs.rm(tempPath, { recursive: true, force: true });
      return;
    }
    await fs.rename(tempPath, target);
  }

  async write(key: string, body: Uint8Array | Readable): Promise<void> {
    const temp = this.tempPath();
    await fs.mkdir(this.tempDir, { recursive: true });
    await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(temp));
    await this.moveIntoPlace(temp, key);
  }

  /** Regular files only: a link or a folder is not served. */
  async stat(key: string): Promise<StoredFile | null> {
    try {
      const stat = await fs.lstat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size, modified: stat.mtime } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range);
    // Opening errors (the file removed since stat) surface here, not mid-answer.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (key.startsWith(`${SCRATCH_FOLDER}/`) || !key.startsWith(prefix)) continue;
      const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }

  async withLocalCopy<T>(key: string, task: (filePath: string) => Promise<T>): Promise<T> {
    return task(this.pathOf(key));
  }

  /** What an upload does first: write a file under tmp/. */
  async probe(): Promise<void> {
    const probe = this.tempPath('-readyz');
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe);
  }

  async close(): Promise<void> {}
}
