import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { expectNotReady, setupTestApp } from '../../test/helper.js';

const t = setupTestApp();

describe('health and readiness', () => {
  it('answers /healthz and /readyz without credentials, as JSON, never cached', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ success: true, status: 'alive' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      success: true,
      status: 'ready',
      checks: { database: 'ok', files: 'ok', migrations: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration is pending, and ready again once it has run', async () => {
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(t.db);
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    await expectNotReady(t.app, 'Not ready: the database schema is not current (migrations pending)', {
      database: 'ok',
      files: 'ok',
      migrations: 'failed',
    });
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      t.db,
    );
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  // The bucket's case is in storage/s3-store.test.ts (the store stopped).
  it('is not ready when the file store cannot be written', async () => {
    const tmp = t.files.tempDir;
    await fs.rm(tmp, { recursive: true });
    await fs.writeFile(tmp, 'not a folder');
    try {
      await expectNotReady(t.app, 'Not ready: the file store cannot be written', {
        database: 'ok',
        files: 'failed',
        migrations: 'ok',
      });
    } finally {
      await fs.rm(tmp);
      await fs.mkdir(tmp);
    }
  });

  it('is not ready when the database does not answer, and stays alive', async () => {
    const closed = openDatabase(t.config.database);
    await sql`select 1`.execute(closed);
    await closed.destroy();
    const app = await buildApp({
      db: closed,
      config: t.config,
      files: t.files,
      logger: false,
      webDir: '/none',
    });
    try {
      await expectNotReady(app, 'Not ready: the database does not answer', { database: 'failed' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
