// Backup while serving, wipe, restore into an empty DATA_DIR and database, start again: the same
// rows, the same file bytes, and a teacher who signs in. On the run's file store (the local folder,
// or in the `bucket` project a bucket of s3rver), and from a local store into a bucket.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { prepare } from '../server/bootstrap.js';
import { type Config, loadConfig } from '../server/config.js';
import type { Db } from '../server/db/database.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import {
  createAdmin,
  createSessionPath,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../server/fixtures/factories.js';
import { buildActivityZip, buildPdf } from '../server/fixtures/files.js';
import type { FileStore } from '../server/storage/file-store.js';
import { signIn } from '../server/test/helper.js';
import { createTestBucket, startTemporaryS3Server } from '../server/test/s3-server.js';
import { readStored } from '../server/test/stored-files.js';
import { createTestDatabase, dbKind, type TestDatabase } from '../server/test/test-database.js';
import { backup, restore } from './backup-restore.js';
import { uploadThroughApi } from './seed-demo.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshConfig(): Promise<Config> {
  const testDb: TestDatabase = await createTestDatabase();
  cleanups.push(testDb.drop);
  return {
    ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }),
    database: testDb.database,
    fileStore: testDb.fileStore,
  };
}

/** Every row of every table, in a stable order. */
async function allRows(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.introspection.getTables();
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await (db as unknown as Db)
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute();
    result[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** sha256 of every stored file, by key. */
async function fileHashes(files: FileStore): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const { key } of files.list('')) {
    hashes[key] = crypto
      .createHash('sha256')
      .update(await readStored(files, key))
      .digest('hex');
  }
  return hashes;
}

describe('npm run backup / npm run restore', () => {
  it('restores, into an empty DATA_DIR and database, what was backed up while serving', async () => {
    const source = await freshConfig();
    const { db, files } = await prepare(source, () => {});
    const app = await buildApp({ db, config: source, files, logger: false });
    const admin = await createAdmin(db);
    const token = await insertSession(db, admin.id, new Date(), 600_000);
    const { levelId, lessonId, sessionId } = await createSessionPath(db);
    const pdf = {
      title: 'Fiche',
      id: lessonId,
      filename: 'fiche.pdf',
      type: 'application/pdf',
      bytes: buildPdf(),
    };
    await uploadThroughApi(app, token, pdf);
    const zip = {
      title: 'Jeu',
      id: sessionId,
      filename: 'jeu.zip',
      type: 'application/zip',
      bytes: buildActivityZip(),
    };
    await uploadThroughApi(app, token, zip);
    const teacher = await createTeacher(db, { levelIds: [levelId] });
    const client = await signIn(app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const { group } = (await client.post(`/api/user/creategroups/${levelId}`, { title: 'CM1' })).json();

    // The server keeps answering over HTTP (and writing sessions) while the backup runs.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-backup-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    let serving = true;
    const traffic = (async () => {
      let answered = 0;
      while (serving) {
        const response = await fetch(`${url}/api/user/usertable/${group.id}`, {
          headers: { authorization: `Bearer ${client.token}` },
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        answered += 1;
      }
      return answered;
    })();
    const manifest = await backup(source, dir);
    serving = false;
    expect(await traffic).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ database: source.database.kind, files: expect.any(Number) });
    const before = { rows: await allRows(db), files: await fileHashes(files) };
    expect(Object.keys(before.files).some((key) => key.startsWith('pdfs/'))).toBe(true);
    await app.close();
    await db.destroy();

    const target = await freshConfig();
    await restore(target, dir);
    const again = await prepare(target, () => {});
    const restarted = await buildApp({ db: again.db, config: target, files: again.files, logger: false });
    expect(await allRows(again.db)).toEqual(before.rows);
    expect(await fileHashes(again.files)).toEqual(before.files);
    const back = await signIn(restarted, { email: teacher.email, password: DEFAULT_PASSWORD });
    expect((await back.get(`/api/user/usertable/${group.id}`)).statusCode).toBe(200);

    // A second restore finds the target in use and refuses, saying why.
    await expect(restore(target, dir)).rejects.toThrow(
      /is not empty: choose an empty or new (folder|bucket)/,
    );
    await restarted.close();
    await again.db.destroy();
  }, 60_000);

  it('restores a backup of a local file store into a bucket', async () => {
    const source = { ...(await freshConfig()), fileStore: { kind: 'local' as const } };
    const { db, files } = await prepare(source, () => {});
    const app = await buildApp({ db, config: source, files, logger: false });
    const admin = await createAdmin(db);
    const token = await insertSession(db, admin.id, new Date(), 600_000);
    const { lessonId, sessionId } = await createSessionPath(db);
    await uploadThroughApi(app, token, {
      title: 'Fiche',
      id: lessonId,
      filename: 'fiche.pdf',
      type: 'application/pdf',
      bytes: buildPdf(),
    });
    await uploadThroughApi(app, token, {
      title: 'Jeu',
      id: sessionId,
      filename: 'jeu.zip',
      type: 'application/zip',
      bytes: buildActivityZip(),
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-backup-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const manifest = await backup(source, dir);
    expect(manifest).toMatchObject({ fileStore: 'local' });
    const before = { rows: await allRows(db), files: await fileHashes(files) };
    await app.close();
    await db.destroy();

    const s3 = await startTemporaryS3Server('ardoise-s3-backup-');
    cleanups.push(s3.stop);
    const target = { ...(await freshConfig()), fileStore: await createTestBucket(s3.endpoint) };
    await restore(target, dir);
    const again = await prepare(target, () => {});
    expect(await allRows(again.db)).toEqual(before.rows);
    expect(await fileHashes(again.files)).toEqual(before.files);
    expect(Object.keys(before.files).length).toBeGreaterThan(2);
    await again.db.destroy();
    await again.files.close();
  }, 60_000);

  it('refuses a folder that is not a backup, and a backup folder that is not empty', async () => {
    const config = await freshConfig();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-not-backup-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    await expect(restore(config, dir)).rejects.toThrow(
      `${dir} is not an Ardoise backup (no readable manifest.json)`,
    );
    await fs.writeFile(path.join(dir, 'something'), 'x');
    await expect(backup(config, dir)).rejects.toThrow(`The backup folder ${dir} is not empty`);
  });

  it.runIf(dbKind === 'postgres')('says what to install when pg_dump is missing', async () => {
    const config = await freshConfig();
    const dir = path.join(os.tmpdir(), `ardoise-no-pg-dump-${process.pid}`);
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const path_ = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(backup(config, dir)).rejects.toThrow(
        'pg_dump was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)',
      );
    } finally {
      process.env.PATH = path_;
    }
  });
});
