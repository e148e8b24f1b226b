// Two Ardoise instances (real processes, each its own DATA_DIR) on one PostgreSQL database and one
// bucket of an s3rver started here: a package uploaded through A is previewed and downloaded through
// B, and deleting it through B removes its objects for both.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertSession } from '../features/auth/session.repository.js';
import { sweepUnreferencedFiles } from '../features/curriculum/stored-files.js';
import { createAdmin, createLessonSession, createSessionPath } from '../fixtures/factories.js';
import { buildActivityZip, buildPdf } from '../fixtures/files.js';
import { createTestBucket, fileStoreEnv, type S3Server, startTemporaryS3Server } from '../test/s3-server.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';
import { createTestDatabase, dbKind, type TestDatabase } from '../test/test-database.js';
import { multipart, UPLOAD_BOUNDARY } from '../test/upload-helpers.js';
import type { FileStore } from './file-store.js';
import { packageZipKey, pdfKey } from './keys.js';
import { openFileStore } from './open-file-store.js';

type Instance = ServerProcess & { dataDir: string };
const XSRF = 'shared-bucket-xsrf';
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

async function startInstance(
  database: TestDatabase['database'],
  env: Record<string, string>,
): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-instance-'));
  return Object.assign(await startServerProcess(dataDir, database, env), { dataDir });
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await instance.stop();
  await fs.rm(instance.dataDir, { recursive: true, force: true });
}

describe.runIf(dbKind === 'postgres')('two instances on one bucket', () => {
  let s3: S3Server;
  let testDb: TestDatabase;
  let db: Db;
  let files: FileStore;
  let a: Instance;
  let b: Instance;
  let token: string;
  let sessionId: number;
  let lessonId: number;

  beforeAll(async () => {
    s3 = await startTemporaryS3Server('ardoise-s3-shared-');
    const bucket = await createTestBucket(s3.endpoint);
    testDb = await createTestDatabase();
    db = openDatabase(testDb.database);
    await migrateToLatest(db, 'postgres');
    files = await openFileStore({ dataDir: testDb.dataDir, filesDir: '', fileStore: bucket });
    const env = { ...testDb.env, ...fileStoreEnv(bucket) };
    [a, b] = await Promise.all([startInstance(testDb.database, env), startInstance(testDb.database, env)]);
    token = await insertSession(db, (await createAdmin(db)).id, new Date(), 600_000);
    ({ lessonId, sessionId } = await createSessionPath(db));
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await files?.close();
    await db?.destroy();
    await testDb?.drop();
    await s3?.stop();
  });

  const upload = (instance: Instance, id: number, file: { name: string; type: string; data: Buffer }) =>
    fetch(`${instance.url}/api/admin/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
        cookie: `__Host-XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        authorization: `Bearer ${token}`,
      },
      body: new Uint8Array(
        multipart([
          { name: 'title', value: 'Partagé' },
          { name: 'id', value: String(id) },
          { name: 'file', filename: file.name, contentType: file.type, data: file.data },
        ]),
      ),
    });
  const asAdmin = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers: { cookie: `__Host-ardoise_session=${token}`, ...headers } });

  it('previews and streams on B what was uploaded on A, and a delete on B removes it for both', async () => {
    const zip = buildActivityZip('Partagé entre instances');
    const uploaded = await upload(a, sessionId, { name: 'jeu.zip', type: 'application/zip', data: zip });
    expect(uploaded.status).toBe(200);
    const activityId = ((await uploaded.json()) as { newfile: { id: number } }).newfile.id;
    const pdf = buildPdf('Fiche partagée');
    const pdfAnswer = await upload(a, lessonId, { name: 'fiche.pdf', type: 'application/pdf', data: pdf });
    expect(pdfAnswer.status).toBe(200);
    const pdfId = ((await pdfAnswer.json()) as { newPdf: { id: number } }).newPdf.id;

    // The preview's folder given by A (a pass signed there) is served by B (one database).
    const folderAnswer = await fetch(`${a.url}/api/content/preview/${activityId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const folder = new URL(((await folderAnswer.json()) as { folder: string }).folder).pathname;
    const asAdminOnContent = (contentUrl: string) => fetch(`${contentUrl}${folder}index.html`);

    // B's own DATA_DIR holds none of it: the files come from the bucket.
    const preview = await asAdminOnContent(b.contentUrl);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Partagé entre instances');
    const range = await asAdmin(`${b.url}/content/pdf/${pdfId}`, { range: 'bytes=0-4' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('%PDF-');
    const whole = await asAdmin(`${b.url}/content/pdf/${pdfId}`);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(pdf));
    const etag = whole.headers.get('etag') as string;
    expect((await asAdmin(`${b.url}/content/pdf/${pdfId}`, { 'if-none-match': etag })).status).toBe(304);

    const removed = await fetch(`${b.url}/api/admin/deletefile/${activityId}`, {
      method: 'DELETE',
      headers: {
        cookie: `__Host-XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        authorization: `Bearer ${token}`,
      },
    });
    expect(removed.status).toBe(200);
    expect(await files.exists(packageZipKey(sha256(zip)))).toBe(false);
    expect((await asAdminOnContent(a.contentUrl)).status).toBe(404);
    expect(await files.exists(pdfKey(sha256(pdf)))).toBe(true);
  });

  it('leaves no orphan row or object after 20 uploads on A racing the deletion of their session on B', async () => {
    for (let round = 0; round < 20; round++) {
      const session = await createLessonSession(db, lessonId, `Course ${round}`);
      const zip = buildActivityZip(`Course ${round}`);
      const [uploaded, deleted] = await Promise.all([
        upload(a, session.id, { name: 'course.zip', type: 'application/zip', data: zip }),
        fetch(`${b.url}/api/admin/deletsession/${session.id}`, {
          method: 'DELETE',
          headers: {
            cookie: `__Host-XSRF-TOKEN=${XSRF}`,
            'x-xsrf-token': XSRF,
            authorization: `Bearer ${token}`,
          },
        }),
      ]);
      // Either the upload lands first (then the delete takes it along) or the session is gone (404).
      expect([200, 404]).toContain(uploaded.status);
      expect(deleted.status).toBe(200);
      const rows = await db
        .selectFrom('activities')
        .select('id')
        .where('session_id', '=', session.id)
        .execute();
      expect(rows).toEqual([]);
      expect(await files.exists(packageZipKey(sha256(zip)))).toBe(false);
    }
    // Whatever the interleavings were, the bucket holds only what rows reference.
    expect((await sweepUnreferencedFiles(db, files, { apply: false })).unreferenced).toEqual([]);
  }, 120_000);
});
