import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, terminateBackends } from '../test/test-database.js';
import { openDatabase } from './database.js';

describe('PostgreSQL connections', () => {
  const opened: { drop?: () => Promise<void>; close?: () => Promise<void> } = {};
  afterAll(async () => {
    await opened.close?.();
    await opened.drop?.();
  });

  it('keeps answering after the server closes its idle connections (restart, failover)', async () => {
    const testDb = await createTestDatabase('postgres');
    opened.drop = testDb.drop;
    if (testDb.database.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    const db = openDatabase(testDb.database);
    opened.close = () => db.destroy();
    const answer = async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]?.one;
    // Several idle connections in the pool.
    expect(await Promise.all([answer(), answer(), answer()])).toEqual([1, 1, 1]);

    const name = new URL(testDb.database.url).pathname.slice(1);
    // Once the backends are gone, each idle client has heard of it (an 'error' event).
    expect(await terminateBackends(name)).toBeGreaterThan(0);

    expect(await answer()).toBe(1);
  });
});
