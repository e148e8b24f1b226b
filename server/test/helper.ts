// Builds a real app on a fresh database for one test file, and a small client that talks to it
// through Fastify's inject the way the browser does (XSRF cookie + header, bearer token).
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, buildContentApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { FileStore } from '../storage/file-store.js';
import { openFileStore } from '../storage/open-file-store.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type TestContext = {
  app: FastifyInstance;
  content: FastifyInstance;
  db: Db;
  config: Config;
  files: FileStore;
};

/** Call at the top level of a test file; the context is ready inside tests. `overrides` may be a
 * function, read when the app is built (after the file's earlier beforeAll hooks). */
export function setupTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}): TestContext {
  const context = {} as TestContext;
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(undefined, { migrated: true });
    const config: Config = {
      ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent', PORT: '3000' }),
      database: testDb.database,
      fileStore: testDb.fileStore,
      ...(typeof overrides === 'function' ? overrides() : overrides),
    };
    const db = openDatabase(config.database);
    await migrateToLatest(db, config.database.kind);
    const files = await openFileStore(config);
    await files.init();
    const options = { db, config, files, logger: false, webDir: path.join(testDb.dataDir, 'no-web') };
    Object.assign(context, {
      app: await buildApp(options),
      content: await buildContentApp(options),
      db,
      config,
      files,
    });
    await context.app.ready();
    await context.content.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.content?.close();
    await context.db?.destroy();
    await context.files?.close();
    await testDb?.drop();
  });
  return context;
}

export const XSRF_VALUE = 'test-xsrf-token';

export type ApiClient = {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

/** A client like the SPA: sends the XSRF cookie and header, and the bearer token when given. */
export function apiClient(app: FastifyInstance, token?: string): ApiClient {
  const request = (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: {
        'x-xsrf-token': XSRF_VALUE,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      cookies: { '__Host-XSRF-TOKEN': XSRF_VALUE, ...options.cookies },
    });
  const withBody = (method: 'POST' | 'PATCH') => (url: string, body?: unknown) =>
    request({ method, url, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
  return {
    request,
    get: (url) => request({ method: 'GET', url }),
    post: withBody('POST'),
    patch: withBody('PATCH'),
    delete: (url) => request({ method: 'DELETE', url }),
  };
}

/** Signs in through the real login route and returns a client carrying the session token. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; code?: string },
): Promise<ApiClient & { token: string }> {
  const response = await apiClient(app).post('/api/auth/login', {
    username: credentials.email,
    password: credentials.password,
    token: credentials.code,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${credentials.email} failed: ${response.statusCode} ${response.body}`);
  }
  const token = response.json<{ token: string }>().token;
  return Object.assign(apiClient(app, token), { token });
}

/** Expects /readyz of `app` to answer 503 with this reason and these checks. */
export async function expectNotReady(
  app: FastifyInstance,
  message: string,
  checks: Record<string, 'ok' | 'failed'>,
): Promise<void> {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ success: false, message, checks });
}
