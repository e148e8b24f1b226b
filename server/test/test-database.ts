// A fresh, empty database per test file: a temp SQLite file, or a new PostgreSQL database on the
// server named by TEST_PG_URL (default: the local server, user postgres, trust auth). With
// FILE_STORE=s3 (s3-global-setup.ts), a new bucket on the run's s3rver too; else DATA_DIR/files.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config, FileStoreConfig } from '../config.js';
import { createTestBucket, fileStoreEnv } from './s3-server.js';

export const dbKind = (process.env.DB_KIND ?? 'sqlite') as 'sqlite' | 'postgres';
export const fileStoreKind = (process.env.FILE_STORE ?? 'local') as 'local' | 's3';
const pgAdminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = {
  database: Config['database'];
  fileStore: FileStoreConfig;
  dataDir: string;
  /** DATABASE_URL and the file store's variables, for a server started as a child process. */
  env: Record<string, string>;
  drop: () => Promise<void>;
};

/** The file store of this run: a fresh bucket, or the local folder. */
async function testFileStore(): Promise<FileStoreConfig> {
  if (fileStoreKind === 'local') return { kind: 'local' };
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('FILE_STORE=s3 needs the s3rver of s3-global-setup.ts (npm run test:pg-s3)');
  return createTestBucket(endpoint);
}

/** A fresh database of the kind this test run uses (or the kind asked for). */
export async function createTestDatabase(kind = dbKind): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  const fileStore = await testFileStore();
  const storeEnv = fileStoreEnv(fileStore);
  if (kind === 'sqlite') {
    return {
      // The file name the server uses, so a child process given DATA_DIR opens the same database.
      database: { kind: 'sqlite', file: path.join(dataDir, 'ardoise.sqlite') },
      fileStore,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', ...storeEnv },
      drop: removeDir,
    };
  }
  const name = `ardoise_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
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

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
