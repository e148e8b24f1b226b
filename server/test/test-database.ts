// A fresh database per test file: a temp SQLite file, or a new PostgreSQL database on the server
// named by TEST_PG_URL (default: the local server, user postgres, trust auth), empty or cloned from
// the run's migrated template (global-setup.ts). Files go to DATA_DIR/files, or with FILE_STORE=s3
// (the `bucket` project) to a new bucket on the run's s3rver.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config, FileStoreConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestBucket, fileStoreEnv } from './s3-server.js';

export const dbKind = (process.env.DB_KIND ?? 'sqlite') as 'sqlite' | 'postgres';
const fileStoreKind = (process.env.FILE_STORE ?? 'local') as 'local' | 's3';
const pgAdminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = {
  /** The PostgreSQL database's name (SQLite: its folder's). */
  name: string;
  database: Config['database'];
  fileStore: FileStoreConfig;
  dataDir: string;
  /** DATABASE_URL and the file store's variables, for a server started as a child process. */
  env: Record<string, string>;
  drop: () => Promise<void>;
};

/** The file store of this run: the local folder, or a fresh bucket. */
async function testFileStore(): Promise<FileStoreConfig> {
  if (fileStoreKind === 'local') return { kind: 'local' };
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint)
    throw new Error('FILE_STORE=s3 needs the s3rver that global-setup.ts starts for the bucket project');
  return createTestBucket(endpoint);
}

/**
 * A fresh database of the kind this test run uses (or the kind asked for). `migrated`: a
 * PostgreSQL database starts as a copy of the run's migrated template when there is one (the
 * caller still runs the migrations, which then find nothing to do); without it, it is empty.
 */
export async function createTestDatabase(kind = dbKind, { migrated = false } = {}): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  const fileStore = await testFileStore();
  const storeEnv = fileStoreEnv(fileStore);
  if (kind === 'sqlite') {
    return {
      name: path.basename(dataDir),
      // The file name the server uses, so a child process given DATA_DIR opens the same database.
      database: { kind: 'sqlite', file: path.join(dataDir, 'ardoise.sqlite') },
      fileStore,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', ...storeEnv },
      drop: removeDir,
    };
  }
  const name = `ardoise_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env.TEST_PG_TEMPLATE : undefined;
  await withAdminClient((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    database: { kind: 'postgres', url: url.toString() },
    fileStore,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), ...storeEnv },
    drop: async () => {
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await removeDir();
    },
  };
}

/** A PostgreSQL database migrated to the latest schema, for the run's test databases to be cloned
 * from (global-setup.ts): its name, and how to drop it. */
export async function createMigratedTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const template = await createTestDatabase('postgres');
  const db = openDatabase(template.database);
  await migrateToLatest(db, 'postgres');
  await db.destroy();
  return { name: template.name, drop: template.drop };
}

/**
 * Terminates every connection to a PostgreSQL database (as a restart or a network drop would) and
 * resolves once those backends are gone: pg_terminate_backend only signals, and a backend says
 * goodbye to its client as it exits, so from then on every pooled client has heard of it.
 */
export async function terminateBackends(database: string): Promise<number> {
  const { rows } = await withAdminClient((admin) =>
    admin.query<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    ),
  );
  const pids = rows.map((row) => row.pid);
  for (;;) {
    const left = await withAdminClient((admin) =>
      admin.query('select 1 from pg_stat_activity where pid = any($1)', [pids]),
    );
    if (left.rowCount === 0) return pids.length;
  }
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
