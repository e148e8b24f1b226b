// Bad input answers 4xx in our shape whatever layer refuses it (schemas, router, body parser, HTTP
// parser), on both databases, and a property-based fuzz over every registered route finds no 5xx.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../common/constants.js';
import { httpMessages } from '../common/messages/http.js';
import { newLaunchId, teacherWithActivities } from './features/runtime/runtime.factories.js';
import * as make from './fixtures/factories.js';
import { type ApiClient, apiClient, setupTestApp, signIn } from './test/helper.js';
import { registeredRoutes } from './test/routes.js';

const ctx = setupTestApp();
let admin: ApiClient;
let teacher: ApiClient;
let ids: { level: number; period: number; lesson: number; session: number };

beforeAll(async () => {
  const adminUser = await make.createAdmin(ctx.db);
  admin = await signIn(ctx.app, { email: adminUser.email, password: make.DEFAULT_PASSWORD });
  const teacherUser = await make.createTeacher(ctx.db);
  teacher = await signIn(ctx.app, { email: teacherUser.email, password: make.DEFAULT_PASSWORD });
  const path = await make.createSessionPath(ctx.db);
  ids = { level: path.levelId, period: path.periodId, lesson: path.lessonId, session: path.sessionId };
});

/** An error answer in our shape: exactly `{ success: false, message }`, no framework code. */
function expectOurError(response: { statusCode: number; body: string }, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  const body = JSON.parse(response.body);
  expect(Object.keys(body).sort()).toEqual(['message', 'success']);
  expect(body.success).toBe(false);
  expect(body.message).not.toMatch(/FST_|ERR_/);
  if (message) expect(body.message).toBe(message);
}

describe('text with control characters', () => {
  const NUL_TITLE = { title: 'a\u0000b' };

  it('refuses a NUL in a title with a 400 and a clear message, and stores nothing', async () => {
    for (const url of [
      `/api/admin/editsession/${ids.session}`,
      `/api/admin/editperiod/${ids.period}`,
      `/api/admin/editlevel/${ids.level}`,
      `/api/admin/editlesson/${ids.lesson}`,
    ]) {
      expectOurError(await admin.patch(url, NUL_TITLE), 400, httpMessages.controlCharacter);
    }
    expectOurError(await admin.post('/api/admin/createlevel', NUL_TITLE), 400, httpMessages.controlCharacter);
    const levels = await admin.get('/api/admin/levels');
    expect(levels.body).not.toContain('\\u0000');
  });

  it('refuses other control characters but keeps tabs and line breaks in a remark', async () => {
    expectOurError(
      await admin.patch(`/api/admin/editlevel/${ids.level}`, { title: 'bell\u0007' }),
      400,
      httpMessages.controlCharacter,
    );
    const school = {
      schoolName: 'École des Lilas',
      city: 'Lyon',
      telephone: '0102030405',
      licensestartdate: '2026-01-01',
      licensesddate: '2026-12-31',
    };
    expectOurError(
      await admin.post('/api/admin/createschool', { ...school, remarque: 'x\u0000' }),
      400,
      httpMessages.controlCharacter,
    );
    const created = await admin.post('/api/admin/createschool', {
      ...school,
      remarque: 'ligne 1\n\tligne 2',
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a NUL in the login fields before any query', async () => {
    const response = await apiClient(ctx.app).post('/api/auth/login', {
      username: 'a\u0000@b.fr',
      password: 'x',
    });
    expectOurError(response, 400, httpMessages.controlCharacter);
  });

  it('refuses a NUL in a group title and a teacher name', async () => {
    expectOurError(
      await teacher.post(`/api/user/creategroups/${ids.level}`, NUL_TITLE),
      400,
      httpMessages.controlCharacter,
    );
    expectOurError(
      await admin.patch('/api/admin/updateadmin', { name: 'Mar\u0000tin' }),
      400,
      httpMessages.controlCharacter,
    );
  });
});

describe('requests refused before a route runs', () => {
  it('answers a badly encoded URL with 400 in our shape', async () => {
    expectOurError(await admin.get('/api/admin/getsession/%C0%AE'), 400, httpMessages.invalidUrl);
  });

  it('answers a 200-digit id with 414 in our shape', async () => {
    expectOurError(await admin.get(`/api/admin/getsession/${'9'.repeat(600)}`), 414, httpMessages.urlTooLong);
    expectOurError(await admin.get(`/api/admin/getsession/${'9'.repeat(200)}`), 400, httpMessages.invalidId);
  });

  it('answers broken JSON and a wrong content type in our shape', async () => {
    const cases: Array<[type: string, payload: string, status: number, message: string]> = [
      ['application/json', '{"title":', 400, httpMessages.invalidJson],
      ['application/xml', '<title/>', 415, httpMessages.unsupportedMediaType],
    ];
    for (const [type, payload, status, message] of cases) {
      const url = '/api/admin/createlevel';
      const response = await admin.request({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      });
      expectOurError(response, status, message);
    }
  });

  it('answers huge headers (not cookies) with 431 in our shape, on a listening server', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const response = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/auth/me', headers: { 'x-filler': 'a'.repeat(64 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
    expectOurError(response, 431, httpMessages.headersTooLarge);
  });
});

describe('JSON nested too deep', () => {
  /** A runtime write whose cmi data holds `inner` (raw JSON text), as the player would send it. */
  const writesBody = (inner: string) =>
    `{"writes":[{"launchId":"${newLaunchId()}","seq":1,"standard":"scorm12","at":"${new Date().toISOString()}",` +
    `"data":{"cmi":{"suspend_data":"x","deep":${inner}}}}]}`;
  const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);

  it('refuses runtime data nested 50,000 arrays or 5,000 objects deep with a 400, storing nothing', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const entry = entryIds[0]!;
    for (const inner of [nested('[', ']', 50_000), `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`]) {
      const response = await client.request({
        method: 'POST',
        url: `/api/user/activity/runtime/${entry}`,
        headers: { 'content-type': 'application/json' },
        payload: writesBody(inner),
      });
      expectOurError(response, 400, httpMessages.jsonTooDeep);
    }
    const kept = await ctx.db
      .selectFrom('activity_runtime')
      .select('entry_id')
      .where('entry_id', '=', entry)
      .execute();
    expect(kept).toEqual([]);
  });

  it('takes data nested up to the limit, and counts no bracket inside a string', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    // The body's own envelope nests 5 levels before the data's.
    const atLimit = writesBody(nested('[', ']', JSON_MAX_DEPTH - 5));
    const post = (payload: string) =>
      client.request({
        method: 'POST',
        url: `/api/user/activity/runtime/${entryIds[0]}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await post(atLimit)).statusCode).toBe(200);
    expectOurError(
      await post(writesBody(nested('[', ']', JSON_MAX_DEPTH - 4))),
      400,
      httpMessages.jsonTooDeep,
    );
    const inString = `{"title":"${'['.repeat(10_000)}\\"${'{'.repeat(10_000)}"}`;
    const longTitle = await admin.request({
      method: 'POST',
      url: '/api/admin/createlevel',
      headers: { 'content-type': 'application/json' },
      payload: inString,
    });
    // Parsed, then refused by the title's own rule (too long), not by the depth check.
    expectOurError(longTitle, 400);
    expect(longTitle.json().message).not.toBe(httpMessages.jsonTooDeep);
    expect(
      JSON.parse((await admin.post('/api/admin/createlevel', { title: '[[[{{{' })).body).level.title,
    ).toBe('[[[{{{');
  });
});

describe('fuzz over every registered route', () => {
  it('lists the routes from Fastify itself', () => {
    const routes = registeredRoutes(ctx.app).map((route) => `${route.method} ${route.url}`);
    expect(routes).toContain('PATCH /api/admin/editsession/:id');
    expect(routes).toContain('POST /api/auth/login');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers random ids, bodies and query strings below 500, errors always in our shape', async () => {
    const routes = registeredRoutes(ctx.app).filter((route) => route.url.startsWith('/api/'));
    const weirdText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u0000', 'a\u0000b', '%00', '%C0%AE', '..', '../../etc/passwd', '', ' ', 'vide'),
    );
    const idText = fc.oneof(
      fc.integer({ min: -5, max: 50 }).map(String),
      fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
      fc.constantFrom('0', '-1', '1.5', '1e3', 'NaN', 'null', '0x10', '%20', '%C0%AE', '2147483648'),
      weirdText.map(encodeURIComponent),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'title',
          'id',
          'levelid',
          'name',
          'firstname',
          'Email',
          'email',
          'password',
          'levels',
        ),
        fc.oneof(weirdText, fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 })),
      ),
    );
    const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), weirdText, { maxKeys: 3 });
    const who = fc.constantFrom('admin', 'teacher', 'anonymous');

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        idText,
        body,
        query,
        who,
        async (route, id, payload, q, as) => {
          const client = as === 'admin' ? admin : as === 'teacher' ? teacher : apiClient(ctx.app);
          const search = new URLSearchParams(q).toString();
          const url = route.url.replace(/:[A-Za-z]+|\*/g, id) + (search ? `?${search}` : '');
          const response = await client.request({
            method: route.method as 'GET',
            url,
            ...(payload === undefined || route.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
            headers: payload === undefined ? {} : { 'content-type': 'application/json' },
          });
          expect(response.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectOurError(response, response.statusCode);
        },
      ),
      { seed: 20261123, numRuns: 600, interruptAfterTimeLimit: 15_000 },
    );
  }, 60_000);
});
