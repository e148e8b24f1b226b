// The FileStore contract, run on both drivers: a folder on disk (local-store.ts) and a bucket of a
// real S3-protocol server (s3rver on loopback, started here). Whatever a route or a service relies
// on is asserted here once for each; what only one driver has (S3 list pages, the store going
// away) is in s3-store.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, S3RVER_CREDENTIALS, type S3Server, startS3Server } from '../test/s3-server.js';
import { readStored } from '../test/stored-files.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-store.js';
import { S3FileStore } from './s3-store.js';

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const keysOf = async (files: FileStore, prefix: string) => {
  const keys: string[] = [];
  for await (const object of files.list(prefix)) keys.push(`${object.key}:${object.size}`);
  return keys.sort();
};

let s3: S3Server;
const folders: string[] = [];
const tempFolder = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-store-contract-'));
  folders.push(folder);
  return folder;
};
beforeAll(async () => {
  s3 = await startS3Server(await tempFolder());
  Object.assign(process.env, S3RVER_CREDENTIALS);
});
afterAll(async () => {
  await s3?.stop();
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

const drivers: Array<[string, () => Promise<FileStore>]> = [
  ['local folder', async () => new LocalFileStore(path.join(await tempFolder(), 'files'))],
  ['S3 bucket', async () => new S3FileStore(await createTestBucket(s3.endpoint), await tempFolder())],
];

describe.each(drivers)('the file store contract on a %s', (_driver, open) => {
  let files: FileStore;
  beforeAll(async () => {
    files = await open();
    await files.init();
  });
  afterAll(() => files?.close());

  const tempFile = async (bytes: Uint8Array, suffix = '.bin') => {
    const temp = files.tempPath(suffix);
    await fs.writeFile(temp, bytes);
    return temp;
  };

  it('clears what interrupted uploads left in the scratch folder when it starts', async () => {
    const leftover = await tempFile(Buffer.from('half an upload'));
    await fs.mkdir(files.tempPath('-package'));
    await files.init();
    expect(await fs.readdir(files.tempDir)).toEqual([]);
    await expect(fs.access(leftover)).rejects.toThrow();
  });

  it('stores a temp file under its key, consuming it, and keeps the first bytes of a key', async () => {
    const first = await tempFile(Buffer.from('first'));
    await files.putFile(first, 'pdfs/a.pdf');
    await expect(fs.access(first)).rejects.toThrow();
    const second = await tempFile(Buffer.from('second'));
    await files.putFile(second, 'pdfs/a.pdf');
    await expect(fs.access(second)).rejects.toThrow();
    expect((await readStored(files, 'pdfs/a.pdf')).toString()).toBe('first');
    expect(await files.stat('pdfs/a.pdf')).toMatchObject({ size: 5, modified: expect.any(Date) });
  });

  it('stores bytes and streams of unknown length', async () => {
    await files.write('pdfs/bytes.pdf', Buffer.from('des octets'));
    expect((await readStored(files, 'pdfs/bytes.pdf')).toString()).toBe('des octets');
    // 11 MB in two chunks: past the S3 driver's single-request size, so a multipart upload.
    const streamed = crypto.randomBytes(11 * 1024 * 1024);
    await files.write(
      'pdfs/streamed.pdf',
      Readable.from([streamed.subarray(0, 3e6), streamed.subarray(3e6)]),
    );
    expect(sha256(await readStored(files, 'pdfs/streamed.pdf'))).toBe(sha256(streamed));
  }, 60_000);

  it('reads a large file whole or by one range, and has no file where nothing is stored', async () => {
    const bytes = crypto.randomBytes(19 * 1024 * 1024 + 123);
    await files.putFile(await tempFile(bytes, '.zip'), 'packages/large.zip');
    expect(await files.stat('packages/large.zip')).toMatchObject({ size: bytes.length });
    expect(sha256(await readStored(files, 'packages/large.zip'))).toBe(sha256(bytes));
    const start = 9 * 1024 * 1024 - 10;
    const part = await buffer(await files.read('packages/large.zip', { start, end: start + 99 }));
    expect(part).toEqual(bytes.subarray(start, start + 100));
    // The first two bytes: what Safari asks before playing media. (s3rver answers a range of one
    // byte, "bytes=0-0", with the whole object; S3 does not.)
    const head = await buffer(await files.read('packages/large.zip', { start: 0, end: 1 }));
    expect(head).toEqual(bytes.subarray(0, 2));
    expect(await files.stat('packages/missing.zip')).toBeNull();
    expect(await files.exists('packages/missing.zip')).toBe(false);
    await expect(files.read('packages/missing.zip')).rejects.toThrow();
  }, 60_000);

  it('stores a folder under a prefix, lists it, and removes it by prefix without touching the rest', async () => {
    const folder = files.tempPath('-package');
    await fs.mkdir(path.join(folder, 'media', 'deep'), { recursive: true });
    await fs.writeFile(path.join(folder, 'index.html'), '<p>index</p>');
    await fs.writeFile(path.join(folder, 'media', 'deep', 'son.mp3'), 'son');
    for (let i = 0; i < 12; i++) await fs.writeFile(path.join(folder, 'media', `${i}.txt`), String(i));
    await files.putFolder(folder, 'packages/folder');
    await expect(fs.access(folder)).rejects.toThrow();

    expect(await keysOf(files, 'packages/folder/')).toEqual(
      [
        'packages/folder/index.html:12',
        'packages/folder/media/deep/son.mp3:3',
        ...Array.from({ length: 12 }, (_, i) => `packages/folder/media/${i}.txt:${String(i).length}`),
      ].sort(),
    );
    // A folder is not a file, but it exists.
    expect(await files.stat('packages/folder')).toBeNull();
    expect(await files.exists('packages/folder')).toBe(true);
    expect((await readStored(files, 'packages/folder/media/deep/son.mp3')).toString()).toBe('son');

    await files.remove('packages/folder');
    expect(await files.exists('packages/folder')).toBe(false);
    expect(await keysOf(files, 'packages/folder/')).toEqual([]);
    expect(await files.exists('packages/large.zip')).toBe(true);
    await files.remove('packages/never-stored');
  });

  it('lists every key but the scratch folder, and removes a single file', async () => {
    await files.write('pdfs/one.pdf', Buffer.from('1'));
    await fs.writeFile(files.tempPath('.part'), 'in progress');
    const all = await keysOf(files, '');
    expect(all).toContain('pdfs/one.pdf:1');
    expect(all.filter((key) => key.startsWith('tmp/'))).toEqual([]);
    await files.remove('pdfs/one.pdf');
    expect(await files.stat('pdfs/one.pdf')).toBeNull();
    expect(await keysOf(files, 'pdfs/one')).toEqual([]);
  });

  it('hands a task a local path holding the stored bytes', async () => {
    await files.write('packages/copy.zip', Buffer.from('zip bytes'));
    const seen = await files.withLocalCopy('packages/copy.zip', async (filePath) =>
      fs.readFile(filePath, 'utf8'),
    );
    expect(seen).toBe('zip bytes');
  });

  it('answers the readiness probe and leaves nothing behind', async () => {
    const before = await keysOf(files, '');
    await files.probe();
    expect(await keysOf(files, '')).toEqual(before);
  });
});
