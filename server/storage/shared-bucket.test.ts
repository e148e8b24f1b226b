// Two Ardoise instances (real processes, each its own DATA_DIR) on one PostgreSQL database and one
// bucket of an s3rver started here: a package uploaded through A is previewed and downloaded through
// B, and deleting it through B removes its objects for both.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertSession } from '../features/auth/session.repository.js';
import {
  createAdmin,
  createLesson,
  createLessonSession,
  createLevel,
  createPeriod,
} from '../fixtures/factories.js';
import { buildActivityZip, buildPdf } from '../fixtures/files.js';
import {
  createTestBucket,
  fileStoreEnv,
  S3RVER_CREDENTIALS,
  type S3Server,
  startS3Server,
} from '../test/s3-server.js';
import { createTestDatabase, dbKind, type TestDatabase } from '../test/test-database.js';
import { multipart, UPLOAD_BOUNDARY } from '../test/upload-helpers.js';
import type { FileStore } from './file-store.js';
import { packageZipKey, pdfKey } from './keys.js';
import { openFileStore } from './open-file-store.js';

type Instance = { app: string; content: string; child: ChildProcess; dataDir: string };
const XSRF = 'shared-bucket-xsrf';
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-instance-'));
  const [port, contentPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/main.ts')], {
    env: { ...process.env, ...env, PORT: String(port), CONTENT_PORT: String(contentPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ardoise is ready')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`instance exited:\n${output}`)));
  });
  return { app: `http://127.0.0.1:${port}`, content: `http://127.0.0.1:${contentPort}`, child, dataDir };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await exited;
  }
  await fs.rm(instance.dataDir, { recursive: true, force: true });
}

describe.runIf(dbKind === 'postgres')('two instances on one bucket', () => {
  let s3: S3Server;
  let s3Dir: string;
  let testDb: TestDatabase;
  let db: Db;
  let files: FileStore;
  let a: Instance;
  let b: Instance;
  let token: string;
  let sessionId: number;
  let lessonId: number;

  beforeAll(async () => {
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-s3-shared-'));
    s3 = await startS3Server(s3Dir);
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const bucket = await createTestBucket(s3.endpoint);
    testDb = await createTestDatabase();
    db = openDatabase(testDb.database);
    await migrateToLatest(db, 'postgres');
    files = openFileStore({ dataDir: testDb.dataDir, filesDir: '', fileStore: bucket });
    const env = { ...testDb.env, ...fileStoreEnv(bucket), LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    token = await insertSession(db, (await createAdmin(db)).id, new Date(), 600_000);
    const lesson = await createLesson(db, (await createPeriod(db, (await createLevel(db)).id)).id);
    lessonId = lesson.id;
    sessionId = (await createLessonSession(db, lesson.id)).id;
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await files?.close();
    await db?.destroy();
    await testDb?.drop();
    await s3?.stop();
    await fs.rm(s3Dir, { recursive: true, force: true });
  });

  const upload = (instance: Instance, id: number, file: { name: string; type: string; data: Buffer }) =>
    fetch(`${instance.app}/api/admin/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
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
    fetch(url, { headers: { cookie: `ardoise_session=${token}`, ...headers } });

  it('previews and streams on B what was uploaded on A, and a delete on B removes it for both', async () => {
    const zip = buildActivityZip('Partagé entre instances');
    const uploaded = await upload(a, sessionId, { name: 'jeu.zip', type: 'application/zip', data: zip });
    expect(uploaded.status).toBe(200);
    const activityId = ((await uploaded.json()) as { newfile: { id: number } }).newfile.id;
    const pdf = buildPdf('Fiche partagée');
    const pdfAnswer = await upload(a, lessonId, { name: 'fiche.pdf', type: 'application/pdf', data: pdf });
    expect(pdfAnswer.status).toBe(200);
    const pdfId = ((await pdfAnswer.json()) as { newPdf: { id: number } }).newPdf.id;

    // B's own DATA_DIR holds none of it: the files come from the bucket.
    const preview = await asAdmin(`${b.content}/content/${activityId}/index.html`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Partagé entre instances');
    const range = await asAdmin(`${b.app}/content/pdf/${pdfId}`, { range: 'bytes=0-4' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('%PDF-');
    const whole = await asAdmin(`${b.app}/content/pdf/${pdfId}`);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(pdf));
    const etag = whole.headers.get('etag') as string;
    expect((await asAdmin(`${b.app}/content/pdf/${pdfId}`, { 'if-none-match': etag })).status).toBe(304);

    const removed = await fetch(`${b.app}/api/admin/deletefile/${activityId}`, {
      method: 'DELETE',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    expect(await files.exists(packageZipKey(sha256(zip)))).toBe(false);
    expect((await asAdmin(`${a.content}/content/${activityId}/index.html`)).status).toBe(404);
    expect(await files.exists(pdfKey(sha256(pdf)))).toBe(true);
  });
});
