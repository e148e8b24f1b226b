// The runtime endpoints through the real app and database: the launch with the kept data (from
// "another device"), ownership, validation and caps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RUNTIME_DATA_MAX_BYTES, RUNTIME_SUSPEND_DATA_MAX_CHARS } from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import { scorm12Commit, scorm2004Commit } from '../../../common/test/scorm-commits.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { setupTestApp, signIn } from '../../test/helper.js';
import { launch, newLaunchId, post, teacherWithActivities, write } from './runtime.factories.js';

const ctx = setupTestApp();

describe('GET /api/user/activity/launch/:id', () => {
  it('gives the package and, once written on one device, the kept data to another', async () => {
    const { teacher, client, entryIds, level } = await teacherWithActivities(ctx, 'scorm12');
    const [entryId] = entryIds as [number];
    const { package_hash: hash, title } = await ctx.db
      .selectFrom('activities')
      .select(['package_hash', 'title'])
      .where('id', '=', level.lessons[0]![0]!.activityIds[0]![0]!)
      .executeTakeFirstOrThrow();
    const before = await launch(client, entryId);
    expect(before).toEqual({
      success: true,
      title,
      package: { hash, kind: 'scorm12', root: 'course/', launch: 'res/index.html?lang=fr' },
      runtime: null,
      xapi: null,
    });

    const data = scorm12Commit({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'slide-7',
      'cmi.suspend_data': 'q1=a;q2=c',
    });
    expect((await post(client, entryId, [write(newLaunchId(), 1, 'scorm12', data)])).statusCode).toBe(200);

    // The same teacher on a second device: a separate sign-in.
    const tablet = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const after = await launch(tablet, entryId);
    expect(after.runtime).toEqual({ standard: 'scorm12', data, updatedAt: expect.stringMatching(/^\d{4}-/) });
    const response = await tablet.get(`/api/user/activity/launch/${entryId}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 to another teacher, an admin and for unknown ids; 400 for bad ids; 401 without a session', async () => {
    const { entryIds, level } = await teacherWithActivities(ctx, 'h5p', 1);
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const other = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    const admin = await signIn(ctx.app, {
      email: (await createAdmin(ctx.db)).email,
      password: DEFAULT_PASSWORD,
    });
    for (const client of [other, admin]) {
      const response = await client.get(`/api/user/activity/launch/${entryIds[0]}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: httpMessages.notFound });
    }
    expect((await other.get('/api/user/activity/launch/2147483647')).statusCode).toBe(404);
    expect((await other.get('/api/user/activity/launch/abc')).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/user/activity/launch/${entryIds[0]}` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/user/activity/runtime/:id: ownership and validation', () => {
  it('answers 404 to another teacher and for unknown ids, and keeps nothing', async () => {
    const { entryIds, level } = await teacherWithActivities(ctx, 'scorm12', 1);
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const other = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    const writes = [
      write(newLaunchId(), 1, 'scorm12', scorm12Commit({ 'cmi.core.lesson_status': 'passed' })),
    ];
    const response = await post(other, entryIds[0]!, writes);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: httpMessages.notFound });
    expect((await post(other, 2_147_483_647, writes)).statusCode).toBe(404);
    const kept = await ctx.db
      .selectFrom('activity_runtime')
      .selectAll()
      .where('entry_id', '=', entryIds[0]!)
      .execute();
    expect(kept).toEqual([]);
  });

  it('refuses malformed writes with 400 and our messages, never 500', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm2004', 1);
    const id = entryIds[0]!;
    const good = write(newLaunchId(), 1, 'scorm2004', scorm2004Commit({ 'cmi.location': 'p1' }));
    const cases: [unknown, string][] = [
      [[], runtimeMessages.writesRequired],
      [Array.from({ length: 51 }, (_, i) => ({ ...good, seq: i + 1 })), runtimeMessages.tooManyWrites],
      [[{ ...good, launchId: 'short' }], runtimeMessages.invalidLaunchId],
      [[{ ...good, launchId: 'a'.repeat(16).replace('a', '/') }], runtimeMessages.invalidLaunchId],
      [[{ ...good, seq: 0 }], runtimeMessages.invalidSeq],
      [[{ ...good, seq: 1.5 }], runtimeMessages.invalidSeq],
      [[{ ...good, seq: 2 ** 31 }], runtimeMessages.invalidSeq],
      [[{ ...good, standard: 'aicc' }], runtimeMessages.invalidStandard],
      [[{ ...good, at: 'yesterday' }], runtimeMessages.invalidAt],
      [[{ ...good, data: 'cmi' }], runtimeMessages.invalidData],
      [[{ ...good, data: { core: {} } }], runtimeMessages.scormDataShape],
      [[{ ...good, data: { cmi: { suspend_data: 42 } } }], runtimeMessages.scormDataShape],
      [[{ ...good, standard: 'scorm12' }], runtimeMessages.standardMismatch('scorm12', 'scorm2004')],
    ];
    for (const [writes, message] of cases) {
      const response = await post(client, id, writes as unknown[]);
      expect([response.statusCode, response.json()]).toEqual([400, { success: false, message }]);
    }
    const notJson = await client.request({
      method: 'POST',
      url: `/api/user/activity/runtime/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"writes": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(
      await ctx.db.selectFrom('activity_runtime').selectAll().where('entry_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('answers any body with 200, 400 or 413 and a message, never 500', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const launchId = newLaunchId();
    const scalar = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
    const looseWrite = fc.record(
      {
        launchId: fc.oneof(fc.constant(launchId), fc.string()),
        seq: fc.oneof(fc.integer({ min: -5, max: 2 ** 40 }), scalar),
        standard: fc.oneof(fc.constantFrom('scorm12', 'scorm2004', 'h5p'), scalar),
        data: fc.oneof(
          fc.record({ cmi: fc.dictionary(fc.string(), fc.oneof(scalar, fc.object())) }),
          fc.anything(),
        ),
        at: fc.oneof(fc.constant(new Date().toISOString()), scalar),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.record({ writes: fc.array(looseWrite, { maxLength: 4 }) }), fc.anything());
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await client.request({
          method: 'POST',
          url: `/api/user/activity/runtime/${entryIds[0]}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? '',
        });
        expect([200, 400, 413]).toContain(response.statusCode);
        if (response.statusCode !== 200) expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses writes to a plain HTML5 activity, and H5P data of the wrong shape', async () => {
    const html = await teacherWithActivities(ctx, 'html5', 1);
    const h5pWrite = write(newLaunchId(), 1, 'h5p', { state: '{}' });
    const refused = await post(html.client, html.entryIds[0]!, [h5pWrite]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(runtimeMessages.standardMismatch('h5p', 'html5'));

    const h5p = await teacherWithActivities(ctx, 'h5p', 1);
    for (const data of [
      { state: 7 },
      { result: { raw: '3', max: 4, completed: true } },
      { result: { raw: 3 } },
    ]) {
      const response = await post(h5p.client, h5p.entryIds[0]!, [{ ...h5pWrite, data }]);
      expect([response.statusCode, response.json().message]).toEqual([400, runtimeMessages.h5pDataShape]);
    }
  });

  it('caps suspend_data and the H5P state at 64,000 characters and a write’s data at 256 KiB (413)', async () => {
    const scorm = await teacherWithActivities(ctx, 'scorm12', 1);
    const id = scorm.entryIds[0]!;
    const launchId = newLaunchId();
    const longest = scorm12Commit({ 'cmi.suspend_data': 'é'.repeat(RUNTIME_SUSPEND_DATA_MAX_CHARS) });
    expect((await post(scorm.client, id, [write(launchId, 1, 'scorm12', longest)])).json()).toMatchObject({
      applied: 1,
    });
    expect((await launch(scorm.client, id)).runtime?.data).toEqual(longest);

    const tooLong = { cmi: { suspend_data: 'x'.repeat(RUNTIME_SUSPEND_DATA_MAX_CHARS + 1) } };
    const refused = await post(scorm.client, id, [write(launchId, 2, 'scorm12', tooLong)]);
    expect([refused.statusCode, refused.json()]).toEqual([
      413,
      { success: false, message: runtimeMessages.suspendDataTooLong },
    ]);
    const bulky = { cmi: { interactions: { 0: { student_response: 'y'.repeat(RUNTIME_DATA_MAX_BYTES) } } } };
    const tooBig = await post(scorm.client, id, [write(launchId, 2, 'scorm12', bulky)]);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, runtimeMessages.dataTooLarge]);
    expect((await launch(scorm.client, id)).runtime?.data).toEqual(longest);

    const h5p = await teacherWithActivities(ctx, 'h5p', 1);
    const state = 's'.repeat(RUNTIME_SUSPEND_DATA_MAX_CHARS + 1);
    const refusedState = await post(h5p.client, h5p.entryIds[0]!, [write(launchId, 1, 'h5p', { state })]);
    expect([refusedState.statusCode, refusedState.json().message]).toEqual([
      413,
      runtimeMessages.h5pStateTooLong,
    ]);
  });

  it('takes a full request: 50 writes each near the data cap', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm2004', 1);
    const launchId = newLaunchId();
    const filler = 'z'.repeat(RUNTIME_DATA_MAX_BYTES - 200);
    const writes = Array.from({ length: 50 }, (_, i) =>
      write(launchId, i + 1, 'scorm2004', {
        cmi: { location: `p${i}`, interactions: { 0: { learner_response: filler } } },
      }),
    );
    const response = await post(client, entryIds[0]!, writes);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applied: 50 });
  });
});
