// A fresh, empty database per test file: a temp SQLite file, or a new PostgreSQL database on the
// server named by TEST_PG_URL (default: the local server, user postgres, trust auth).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';

export const dbKind = (process.env.DB_KIND ?? 'sqlite') as 'sqlite' | 'postgres';
const pgAdminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { database: Config['database']; dataDir: string; drop: () => Promise<void> };

/** A fresh database of the kind this test run uses (or the kind asked for). */
export async function createTestDatabase(kind = dbKind): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      // The file name the server uses, so a child process given DATA_DIR opens the same database.
      database: { kind: 'sqlite', file: path.join(dataDir, 'ardoise.sqlite') },
      dataDir,
      drop: removeDir,
    };
  }
  const name = `ardoise_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    dataDir,
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
