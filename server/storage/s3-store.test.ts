// What only the S3 driver has, against a real S3-protocol server (s3rver on loopback, started
// here): listing past one page; then the store going away under a running app (uploads and reads
// answer 503, /readyz says so, the process keeps serving) and coming back. What both drivers do
// (multipart uploads, ranges, folders, removal by prefix) is the contract suite's
// (file-store.contract.test.ts).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsMessages } from '../../common/messages/operations.js';
import type { FileStoreConfig } from '../config.js';
import { insertSession } from '../features/auth/session.repository.js';
import { createAdmin, createLesson, createLevel, createPeriod } from '../fixtures/factories.js';
import { buildPdf } from '../fixtures/files.js';
import { apiClient, expectNotReady, setupTestApp } from '../test/helper.js';
import { createTestBucket, S3RVER_CREDENTIALS, type S3Server, startS3Server } from '../test/s3-server.js';
import { readStored } from '../test/stored-files.js';
import { multipart, UPLOAD_BOUNDARY } from '../test/upload-helpers.js';
import { S3FileStore } from './s3-store.js';

let s3: S3Server;
let s3Dir: string;
let bucket: FileStoreConfig;
beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-s3-test-'));
  s3 = await startS3Server(s3Dir);
  Object.assign(process.env, S3RVER_CREDENTIALS);
  bucket = await createTestBucket(s3.endpoint);
});
const ctx = setupTestApp(() => ({ fileStore: bucket }));
afterAll(async () => {
  await s3?.stop();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

describe('the S3 driver on an S3-protocol server', () => {
  it('is the driver the configuration names', () => {
    expect(ctx.files).toBeInstanceOf(S3FileStore);
    expect(ctx.files.description).toBe(`bucket ${(bucket as { bucket: string }).bucket}`);
  });

  it('stores a folder, lists it page after page, and removes it by prefix', async () => {
    await ctx.files.write('packages/folder.zip', Buffer.from('beside the folder'));
    const dir = ctx.files.tempPath('-package');
    await fs.mkdir(path.join(dir, 'media'), { recursive: true });
    await fs.writeFile(path.join(dir, 'index.html'), '<p>index</p>');
    for (let i = 0; i < 24; i++) await fs.writeFile(path.join(dir, 'media', `${i}.txt`), String(i));
    await ctx.files.putFolder(dir, 'packages/folder');
    // Pages of 10 keys: the continuation path that 1,000+ objects take in production.
    const paged = new S3FileStore(bucket as Extract<FileStoreConfig, { kind: 's3' }>, ctx.config.dataDir, 10);
    const keys: string[] = [];
    for await (const object of paged.list('packages/folder/')) keys.push(object.key);
    await paged.close();
    expect(keys.sort()).toEqual(
      ['index.html', ...Array.from({ length: 24 }, (_, i) => `media/${i}.txt`)]
        .map((name) => `packages/folder/${name}`)
        .sort(),
    );
    expect((await readStored(ctx.files, 'packages/folder/index.html')).toString()).toBe('<p>index</p>');
    expect(await ctx.files.exists('packages/folder')).toBe(true);
    await ctx.files.remove('packages/folder');
    expect(await ctx.files.exists('packages/folder')).toBe(false);
    expect(await ctx.files.exists('packages/folder.zip')).toBe(true);
  }, 60_000);
});

describe('the object store unreachable', () => {
  let token: string;
  let lessonId: number;
  const upload = (bytes: Buffer) =>
    apiClient(ctx.app, token).request({
      method: 'POST',
      url: '/api/admin/upload',
      payload: multipart([
        { name: 'title', value: 'Fiche' },
        { name: 'id', value: String(lessonId) },
        { name: 'file', filename: 'fiche.pdf', contentType: 'application/pdf', data: bytes },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
    });
  const readPdf = (id: number) =>
    ctx.app.inject({
      method: 'GET',
      url: `/content/pdf/${id}`,
      cookies: { '__Host-ardoise_session': token },
    });
  const pdfCount = async () => (await ctx.db.selectFrom('pdfs').select('id').execute()).length;

  beforeAll(async () => {
    const admin = await createAdmin(ctx.db);
    token = await insertSession(ctx.db, admin.id, new Date(), 600_000);
    lessonId = (await createLesson(ctx.db, (await createPeriod(ctx.db, (await createLevel(ctx.db)).id)).id))
      .id;
  });

  it('answers 503 to uploads and reads, leaves nothing behind, says so on /readyz, and recovers', async () => {
    const stored = await upload(buildPdf('Avant la panne'));
    expect(stored.statusCode).toBe(200);
    const pdfId = stored.json().newPdf.id as number;
    expect((await readPdf(pdfId)).statusCode).toBe(200);

    await s3.stop();
    const refused = await upload(buildPdf('Pendant la panne'));
    expect(refused.json()).toEqual({ success: false, message: operationsMessages.fileStoreUnavailable });
    expect(refused.statusCode).toBe(503);
    expect(await pdfCount()).toBe(1);
    expect(await fs.readdir(ctx.files.tempDir)).toEqual([]);
    const read = await readPdf(pdfId);
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ success: false, message: operationsMessages.fileStoreUnavailable });
    await expectNotReady(ctx.app, 'Not ready: the file store cannot be written', {
      database: 'ok',
      files: 'failed',
      migrations: 'ok',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // The same server comes back on the same port with the same objects.
    s3 = await startS3Server(s3Dir, s3.port);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const again = await readPdf(pdfId);
    expect(again.statusCode).toBe(200);
    expect(sha256(again.rawPayload)).toBe(sha256(buildPdf('Avant la panne')));
    expect((await upload(buildPdf('Après la panne'))).statusCode).toBe(200);
    expect(await pdfCount()).toBe(2);
  }, 60_000);
});
