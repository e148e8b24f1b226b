// The server killed the hard way (SIGKILL: no handler runs) in the middle of an upload and of a
// cascade delete, then started again on the same DATA_DIR and database: no row without its file, no
// stored file without a row, nothing left in tmp/. Each kill waits on something observable (a temp
// file appearing, a file placed, a file removed, a query waiting on a lock), never on a fixed time.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { packageColumns } from './features/curriculum/curriculum.service.js';
import { describeStoredPackage } from './features/uploads/zip-package.js';
import { buildLevel } from './fixtures/curriculum.js';
import {
  createAdmin,
  createGroup,
  createSessionPath,
  createTeacher,
  DEFAULT_PASSWORD,
} from './fixtures/factories.js';
import { buildPdf, buildZip } from './fixtures/files.js';
import { buildHtml5Package } from './test/package-fixtures.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';
import { createTestDatabase, dbKind, type TestDatabase } from './test/test-database.js';
import { multipart, UPLOAD_BOUNDARY } from './test/upload-helpers.js';

const XSRF = 'kill-9-xsrf';

let testDb: TestDatabase;
let db: Db;
let filesDir: string;
let admin: { email: string };
let server: ServerProcess | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase(undefined, { migrated: true });
  db = openDatabase(testDb.database);
  await migrateToLatest(db, testDb.database.kind);
  admin = await createAdmin(db);
  filesDir = path.join(testDb.dataDir, 'files');
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});

const start = async () => {
  server = await startServerProcess(testDb.dataDir, testDb.database);
  return server;
};

/** Polls `check` until it answers something truthy (a state of the server we can see). */
async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const names = (folder: string) => fs.readdir(path.join(filesDir, folder)).catch(() => [] as string[]);
const exists = (relative: string) =>
  fs.access(path.join(filesDir, relative)).then(
    () => true,
    () => false,
  );

/**
 * What the store holds against what the rows say: stored PDFs and packages no row references,
 * files a row needs that are missing (a package needs its zip and its extracted start page), and
 * whatever is under tmp/.
 */
async function storeAgainstRows() {
  const pdfKeys = (await db.selectFrom('pdfs').select('file_key').execute()).map((row) => row.file_key);
  const activities = await db
    .selectFrom('activities')
    .select(['package_hash', 'package_root', 'launch_path'])
    .execute();
  const stored = [
    ...(await names('pdfs')).map((name) => `pdfs/${name}`),
    ...(await names('packages')).map((name) => `packages/${name}`),
  ];
  const needed = new Set(pdfKeys);
  for (const { package_hash: hash } of activities) {
    needed.add(`packages/${hash}.zip`);
    needed.add(`packages/${hash}`);
  }
  const missing = [...needed].filter((key) => !stored.includes(key));
  for (const { package_hash: hash, package_root: root, launch_path: launch } of activities) {
    const start = path.posix.join(`packages/${hash}`, root ?? '', (launch ?? 'index.html').split('?')[0]!);
    if (!(await exists(start))) missing.push(start);
  }
  return { orphans: stored.filter((key) => !needed.has(key)), missing, temp: await names('tmp') };
}

async function expectStoreMatchesRows() {
  expect(await storeAgainstRows()).toEqual({ orphans: [], missing: [], temp: [] });
}

async function signInAdmin(instance: ServerProcess): Promise<string> {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `__Host-XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
    body: JSON.stringify({ username: admin.email, password: DEFAULT_PASSWORD }),
  });
  const body = (await response.json()) as { token: string };
  expect(response.status, `${JSON.stringify(body)}\n${instance.output()}`).toBe(200);
  return body.token;
}

const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  cookie: `__Host-XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
});

/** Sends an upload without waiting for its answer (the server dies before it can give one). */
function sendUpload(instance: ServerProcess, token: string, sessionId: number, zip: Buffer) {
  return fetch(`${instance.url}/api/admin/upload`, {
    method: 'POST',
    headers: { ...headers(token), 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
    body: new Uint8Array(
      multipart([
        { name: 'title', value: 'Activité' },
        { name: 'id', value: String(sessionId) },
        { name: 'file', filename: 'paquet.zip', contentType: 'application/zip', data: zip },
      ]),
    ),
  }).catch((error: unknown) => error);
}

async function newSession(): Promise<number> {
  return (await createSessionPath(db)).sessionId;
}

/** Restarts on the same DATA_DIR and database, checks the store against the rows, and that the same
 * package can then be uploaded and is stored whole. */
async function restartAndCheck(sessionId: number, zip: Buffer) {
  const instance = await start();
  await expectStoreMatchesRows();
  const token = await signInAdmin(instance);
  const activitiesOf = () =>
    db.selectFrom('activities').select('id').where('session_id', '=', sessionId).execute();
  const before = (await activitiesOf()).length;
  const answer = await sendUpload(instance, token, sessionId, zip);
  expect((answer as Response).status).toBe(200);
  await expectStoreMatchesRows();
  expect(await activitiesOf()).toHaveLength(before + 1);
  return instance;
}

describe('kill -9 during an upload', () => {
  it('while the multipart body is streaming: the temp file is swept at restart, nothing else stored', async () => {
    const sessionId = await newSession();
    const instance = await start();
    const token = await signInAdmin(instance);
    // A body announced at 20 MB of which only the first megabyte is ever sent.
    const head = multipart([
      { name: 'title', value: 'Activité' },
      { name: 'id', value: String(sessionId) },
    ]).subarray(0, -`--${UPLOAD_BOUNDARY}--\r\n`.length);
    const fileHead = Buffer.from(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const firstBytes = Buffer.concat([Buffer.from('PK\u0003\u0004'), crypto.randomBytes(1024 * 1024)]);
    const request = http.request(`${instance.url}/api/admin/upload`, {
      method: 'POST',
      headers: {
        ...headers(token),
        'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
        'content-length': String(head.length + fileHead.length + 20 * 1024 * 1024),
      },
    });
    request.on('error', () => undefined);
    request.write(Buffer.concat([head, fileHead, firstBytes]));
    const temp = await waitFor('the upload to reach a temp file', async () => {
      for (const name of await names('tmp')) {
        const stat = await fs.stat(path.join(filesDir, 'tmp', name)).catch(() => undefined);
        if (stat?.isFile() && stat.size > 0) return name;
      }
      return undefined;
    });
    await instance.kill9();
    request.destroy();
    expect(await names('tmp')).toContain(temp);

    await restartAndCheck(sessionId, buildHtml5Package(['index.html']));
  }, 90_000);

  it('while the package is being extracted: the half-extracted folder is swept at restart', async () => {
    const sessionId = await newSession();
    const instance = await start();
    const token = await signInAdmin(instance);
    const pages = Array.from({ length: 3000 }, (_, i) => `page-${i}.html`);
    const zip = buildHtml5Package(['index.html', ...pages]);
    const upload = sendUpload(instance, token, sessionId, zip);
    await waitFor('the extraction to start', async () =>
      (await names('tmp')).some((name) => name.endsWith('-package')),
    );
    await instance.kill9();
    await upload;
    await restartAndCheck(sessionId, zip);
  }, 90_000);

  it('after its files are placed but before its row is inserted: the files are removed at restart', async () => {
    const sessionId = await newSession();
    const instance = await start();
    const token = await signInAdmin(instance);
    const zip = buildHtml5Package(['index.html', 'suite.html']);
    const hash = crypto.createHash('sha256').update(zip).digest('hex');
    // Another connection holds the write lock, so the row's insert waits while the files are placed.
    const release = await holdActivityWrites();
    try {
      const upload = sendUpload(instance, token, sessionId, zip);
      await waitFor('the package to be placed', () => exists(`packages/${hash}.zip`));
      await instance.kill9();
      await upload;
    } finally {
      await release();
    }
    expect((await storeAgainstRows()).orphans.sort()).toEqual([`packages/${hash}`, `packages/${hash}.zip`]);

    const restarted = await restartAndCheck(sessionId, zip);
    // The zip and every file of its unpacked copy (restartAndCheck found the store clean).
    expect(restarted.output()).toMatch(/Removed \d+ stored files that no row references/);
  }, 90_000);
});

describe('a package copy half removed by a killed instance (shared store)', () => {
  it('is replaced by the next upload of the same package, not kept', async () => {
    const sessionId = await newSession();
    const zip = buildHtml5Package(['index.html', 'suite.html']);
    const hash = crypto.createHash('sha256').update(zip).digest('hex');
    const instance = await start();
    // What a removal killed half way leaves: the folder without its start page, no zip, no row.
    await fs.mkdir(path.join(filesDir, 'packages', hash), { recursive: true });
    await fs.writeFile(path.join(filesDir, 'packages', hash, 'suite.html'), 'left over');
    const answer = await sendUpload(instance, await signInAdmin(instance), sessionId, zip);
    expect((answer as Response).status).toBe(200);
    await expectStoreMatchesRows();
  }, 90_000);
});

/** Blocks inserts into activities from another connection until the returned function is called. */
async function holdActivityWrites(): Promise<() => Promise<void>> {
  const { database } = testDb;
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE activities IN SHARE MODE');
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }
  const sqlite = new SQLite(database.file);
  sqlite.exec('BEGIN IMMEDIATE');
  return async () => {
    sqlite.exec('ROLLBACK');
    sqlite.close();
  };
}

/**
 * A level of 60 activities (each its own package: a zip and an extracted folder of 100 pages),
 * a PDF per lesson, and 10 groups with progress on all of it, written straight into the store.
 */
async function bigLevel() {
  const built = await buildLevel(db, [
    [
      { sessions: [5, 5], pdfs: 1 },
      { sessions: [5, 5], pdfs: 1 },
      { sessions: [5, 5], pdfs: 1 },
    ],
    [
      { sessions: [5, 5], pdfs: 1 },
      { sessions: [5, 5], pdfs: 1 },
      { sessions: [5, 5], pdfs: 1 },
    ],
  ]);
  const activityIds = built.lessons.flat().flatMap((lesson) => lesson.activityIds.flat());
  const pdfIds = built.lessons.flat().flatMap((lesson) => lesson.pdfIds);
  let summary: string | undefined;
  for (const id of activityIds) {
    const files: Record<string, string> = { 'index.html': `<!doctype html><title>${id}</title>` };
    for (let page = 0; page < 100; page++) files[`pages/${page}.html`] = `<p>${id}.${page}</p>`;
    const zip = buildZip(files);
    const hash = crypto.createHash('sha256').update(zip).digest('hex');
    const zipPath = path.join(filesDir, 'packages', `${hash}.zip`);
    await fs.mkdir(path.join(filesDir, 'packages', hash, 'pages'), { recursive: true });
    await fs.writeFile(zipPath, zip);
    await Promise.all(
      Object.entries(files).map(([name, text]) =>
        fs.writeFile(path.join(filesDir, 'packages', hash, name), text),
      ),
    );
    // All 60 have one layout: described once, as an upload describes its package (rows left
    // without a description would have every start read the 60 zips first: 9 s here).
    summary ??= packageColumns(await describeStoredPackage(zipPath)).summaryJson;
    await db
      .updateTable('activities')
      .set({
        package_hash: hash,
        package_kind: 'html5',
        package_root: '',
        launch_path: 'index.html',
        package_summary: summary,
      })
      .where('id', '=', id)
      .execute();
  }
  for (const id of pdfIds) {
    const bytes = buildPdf(`Document ${id}`);
    const key = `pdfs/${crypto.createHash('sha256').update(bytes).digest('hex')}.pdf`;
    await fs.mkdir(path.join(filesDir, 'pdfs'), { recursive: true });
    await fs.writeFile(path.join(filesDir, key), bytes);
    await db.updateTable('pdfs').set({ file_key: key }).where('id', '=', id).execute();
  }
  const teacher = await createTeacher(db, { levelIds: [built.levelId] });
  for (let g = 0; g < 10; g++) {
    const group = await createGroup(db, teacher.id, built.levelId);
    await db
      .insertInto('group_activities')
      .values(
        activityIds.map((activityId) => ({
          group_id: group.id,
          activity_id: activityId,
          status: 'completed',
        })),
      )
      .execute();
    await db
      .insertInto('group_pdfs')
      .values(pdfIds.map((pdfId) => ({ group_id: group.id, pdf_id: pdfId })))
      .execute();
  }
  return { levelId: built.levelId, activityIds };
}

const countStored = async () => (await names('packages')).length + (await names('pdfs')).length;
const levelExists = async (levelId: number) =>
  (await db.selectFrom('levels').select('id').where('id', '=', levelId).executeTakeFirst()) !== undefined;

function deleteLevel(instance: ServerProcess, token: string, levelId: number) {
  return fetch(`${instance.url}/api/admin/removelevel/${levelId}`, {
    method: 'DELETE',
    headers: headers(token),
  }).catch((error: unknown) => error);
}

describe('kill -9 during a cascade delete', () => {
  it('after the rows are deleted, while the files are being removed: the rest are removed at restart', async () => {
    const { levelId, activityIds } = await bigLevel();
    await expectStoreMatchesRows();
    const instance = await start();
    const token = await signInAdmin(instance);
    const storedBefore = await countStored();
    const answer = deleteLevel(instance, token, levelId);
    await waitFor('the first file removal', async () => (await countStored()) < storedBefore);
    await instance.kill9();
    await answer;
    expect(await levelExists(levelId)).toBe(false);
    // The kill landed while files were being removed: some are left that no row references.
    expect((await storeAgainstRows()).orphans.length).toBeGreaterThan(0);

    const restarted = await start();
    await expectStoreMatchesRows();
    expect(restarted.output()).toMatch(/Removed \d+ stored files that no row references/);
    const entries = await db
      .selectFrom('group_activities')
      .select('id')
      .where('activity_id', 'in', activityIds)
      .execute();
    expect(entries).toEqual([]);
  }, 300_000);

  // SQLite has no observable "transaction waiting" state from outside the process (its busy wait
  // blocks the server's event loop); its rollback journal makes a killed transaction vanish whole.
  it.runIf(dbKind === 'postgres')(
    'inside the delete transaction: nothing is deleted, every file stays',
    async () => {
      const { levelId, activityIds } = await bigLevel();
      const instance = await start();
      const token = await signInAdmin(instance);
      const storedBefore = await countStored();
      const database = new URL((testDb.database as { url: string }).url).pathname.slice(1);
      const client = new pg.Client({ connectionString: (testDb.database as { url: string }).url });
      await client.connect();
      try {
        // The cascade reaches group_activities and waits there for this lock.
        await client.query('BEGIN');
        await client.query('LOCK TABLE group_activities IN SHARE MODE');
        const answer = deleteLevel(instance, token, levelId);
        await waitFor('the delete to wait on the lock', async () => {
          const { rows } = await client.query(
            `select 1 from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
            [database],
          );
          return rows.length > 0;
        });
        await instance.kill9();
        await answer;
      } finally {
        await client.query('ROLLBACK');
        await client.end();
      }
      expect(await levelExists(levelId)).toBe(true);
      expect(await countStored()).toBe(storedBefore);

      await start();
      await expectStoreMatchesRows();
      expect(await levelExists(levelId)).toBe(true);
      expect(
        await db.selectFrom('activities').select('id').where('id', 'in', activityIds).execute(),
      ).toHaveLength(activityIds.length);
      expect(await countStored()).toBe(storedBefore);
    },
    300_000,
  );
});
