// Two Ardoise instances (real processes, each its own DATA_DIR) on one PostgreSQL database, as
// behind a load balancer without sticky sessions: whatever one instance learns, the other knows.
// (Shared uploads on one bucket: storage/shared-bucket.test.ts.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../common/messages/auth.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ACCOUNT_FREE_FAILURES } from './features/auth/throttle-rules.js';
import { generateTotpSecret, totpCodeAt } from './features/auth/totp.js';
import { buildLevel } from './fixtures/curriculum.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from './fixtures/factories.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';
import { createTestDatabase, dbKind, type TestDatabase } from './test/test-database.js';

type Instance = ServerProcess & { dataDir: string };

const XSRF = 'two-instances-xsrf';

async function startInstance(database: TestDatabase['database']): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-instance-'));
  return Object.assign(await startServerProcess(dataDir, database), { dataDir });
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await instance.stop();
  await fs.rm(instance.dataDir, { recursive: true, force: true });
}

/** A JSON call the way the SPA makes it (XSRF cookie and header, bearer token when given). */
async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      cookie: `__Host-XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of several routes loosely
    body: (await response.json()) as Record<string, any>,
  };
}

const login = (instance: Instance, username: string, password: string, token?: string) =>
  call(instance, 'POST', '/api/auth/login', { body: { username, password, token } });

describe.runIf(dbKind === 'postgres')('two instances on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let db: Db;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = openDatabase(testDb.database);
    await migrateToLatest(db, 'postgres');
    [a, b] = await Promise.all([startInstance(testDb.database), startInstance(testDb.database)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await db?.destroy();
    await testDb?.drop();
  });

  it('signs in on A and works on B', async () => {
    const teacher = await createTeacher(db);
    const signedIn = await login(a, teacher.email, DEFAULT_PASSWORD);
    expect(signedIn.status).toBe(200);
    const me = await call(b, 'GET', '/api/auth/me', { token: signedIn.body.token });
    expect(me.status).toBe(200);
    expect(me.body.profile.email).toBe(teacher.email);
  });

  it('shows progress made on A at once in the learning table on B', async () => {
    const level = await buildLevel(db, [[{ sessions: [2] }]]);
    const teacher = await createTeacher(db, { levelIds: [level.levelId] });
    const { token } = (await login(a, teacher.email, DEFAULT_PASSWORD)).body;
    const { group } = (
      await call(a, 'POST', `/api/user/creategroups/${level.levelId}`, { token, body: { title: 'CM2' } })
    ).body;
    const table = async (instance: Instance) => {
      const response = await call(instance, 'GET', `/api/user/usertable/${group.id}`, { token });
      expect(response.status).toBe(200);
      return response.body.res.period[0].groupslesson[0].sessions[0].activities as Array<{
        id: number;
        status: string;
      }>;
    };
    const before = await table(b); // B now holds this table in its cache
    expect(before.map((activity) => activity.status)).toEqual(['pending', 'pending']);
    expect((await call(a, 'PATCH', `/api/user/updatePending/${before[0]!.id}`, { token })).status).toBe(200);
    expect((await table(b)).map((activity) => activity.status)).toEqual(['completed', 'pending']);
  });

  it('throttles login failures split across A and B', async () => {
    const teacher = await createTeacher(db);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await login(i % 2 ? b : a, teacher.email, 'wrong-password')).status).toBe(401);
    }
    for (const instance of [a, b]) {
      const blocked = await login(instance, teacher.email, DEFAULT_PASSWORD);
      expect(blocked.status).toBe(429);
      const seconds = Number(blocked.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(55);
      expect(blocked.body.message).toBe(authMessages.tooManyAttempts(seconds));
    }
  });

  it('refuses on B a two-factor code already used on A', async () => {
    const secret = generateTotpSecret();
    const admin = await createAdmin(db, { totp_secret: secret, totp_enabled: 1 });
    const code = totpCodeAt(secret, new Date());
    expect((await login(a, admin.email, DEFAULT_PASSWORD, code)).status).toBe(200);
    const replay = await login(b, admin.email, DEFAULT_PASSWORD, code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(authMessages.twoFactorInvalid);
  });

  it('signs out on B a teacher deactivated through A', async () => {
    const admin = await createAdmin(db);
    const teacher = await createTeacher(db);
    const adminToken = (await login(a, admin.email, DEFAULT_PASSWORD)).body.token;
    const teacherToken = (await login(b, teacher.email, DEFAULT_PASSWORD)).body.token;
    expect((await call(b, 'GET', '/api/auth/me', { token: teacherToken })).status).toBe(200);
    const toggled = await call(a, 'PATCH', `/api/admin/toggleactive/${teacher.id}`, { token: adminToken });
    expect(toggled.body).toMatchObject({ success: true, active: false });
    expect((await call(b, 'GET', '/api/auth/me', { token: teacherToken })).status).toBe(401);
  });

  it('answers /readyz on both', async () => {
    for (const instance of [a, b]) expect((await call(instance, 'GET', '/readyz')).status).toBe(200);
  });
});
