// Reading the file store from tests, whichever driver the run uses.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FileStore } from '../storage/file-store.js';

/** The bytes stored under `key`. */
export async function readStored(files: FileStore, key: string): Promise<Buffer> {
  return buffer(await files.read(key));
}

/** Every stored key and every file of the scratch folder, to prove a refused upload changed nothing. */
export async function storeListing(files: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of files.list('')) keys.push(object.key);
  const temp = await fs.readdir(files.tempDir, { recursive: true }).catch(() => []);
  return [...keys, ...temp.map((name) => path.join('(temp)', name))].sort();
}
