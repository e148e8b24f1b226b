// xAPI content through the real app and database: cmi5 / Tin Can writes (state documents
// and statements), their validation and caps, replays, cmi5's moveOn rules through the learning
// table's completion rule, the score in the table, the launch's actor and registration, the
// statements a teacher reads, and H5P's statements kept beside them.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RUNTIME_DATA_MAX_BYTES,
  XAPI_DOCUMENT_MAX_CHARS,
  XAPI_STATEMENTS_MAX_PER_ENTRY,
} from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import { xapiMessages } from '../../../common/messages/xapi.js';
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import type { Cmi5MoveOn, StatementSummary, XapiDocument } from '../../../common/schemas/xapi.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { type ApiClient, setupTestApp, signIn } from '../../test/helper.js';
import { pupilWithOwnEntry } from '../../test/pupil-helpers.js';
import { launch, newLaunchId, post, teacherWithActivities, write } from './runtime.factories.js';
import { uuidV5 } from './runtime-launch.presenter.js';

const ctx = setupTestApp();

const AU = 'https://ardoise.test/au/accords';
const verbs = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
};
type Verb = keyof typeof verbs;

/** A statement as cmi5 content sends it, without its actor: `send` sets the one the launch gave. */
function statement(verb: Verb, options: { scaled?: number; object?: string; id?: string; at?: string } = {}) {
  return {
    id: options.id ?? crypto.randomUUID(),
    verb: { id: verbs[verb], display: { 'en-US': verb } },
    object: { objectType: 'Activity', id: options.object ?? AU },
    ...(options.scaled === undefined ? {} : { result: { score: { scaled: options.scaled } } }),
    timestamp: options.at ?? new Date().toISOString(),
  };
}

const bookmark = (page: string): XapiDocument => ({
  activityId: AU,
  stateId: 'bookmark',
  contentType: 'application/json',
  body: JSON.stringify({ page }),
});

/** A teacher's group over `count` activities of a cmi5 / Tin Can package with these rules. */
async function xapiEntries(
  kind: Extract<PackageKind, 'cmi5' | 'tincan'>,
  rules: { moveOn: Cmi5MoveOn; masteryScore?: number | null },
  count = 2,
) {
  const setup = await teacherWithActivities(ctx, kind, count);
  const summary = {
    kind,
    launch: 'res/index.html?lang=fr',
    files: 2,
    unpackedBytes: 100,
    xapi: { activityId: AU, moveOn: rules.moveOn, masteryScore: rules.masteryScore ?? null, auCount: 1 },
    warnings: [],
  };
  await ctx.db
    .updateTable('activities')
    .set({ package_summary: JSON.stringify(summary) })
    .where('package_kind', '=', kind)
    .execute();
  /** The launch's actor: the group, under the app's home page. */
  const actor = {
    objectType: 'Agent',
    name: 'G',
    account: { homePage: ctx.config.publicUrl, name: `group-${setup.groupId}` },
  };
  const send = (
    entryId: number,
    data: { documents?: XapiDocument[]; statements?: object[] },
    launchId = newLaunchId(),
    seq = 1,
  ) => {
    const statements = (data.statements ?? []).map((s) => ({ actor, ...s }));
    return post(setup.client, entryId, [write(launchId, seq, kind, { documents: [], ...data, statements })]);
  };
  const row = async (index = 0) => {
    const activities = (await setup.table()).period[0]!.groupslesson[0]!.sessions[0]!.activities;
    return { status: activities[index]!.status, score: activities[index]!.score };
  };
  return { ...setup, send, row, actor };
}

const storedCount = async (entryId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('xapi_statements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entry_id', '=', entryId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const listed = async (client: ApiClient, entryId: number) => {
  const response = await client.get(`/api/user/activity/statements/${entryId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: true; statements: StatementSummary[] }>().statements;
};

describe('cmi5 / Tin Can writes: ownership, validation and caps', () => {
  it('answers 404 to another teacher and an admin for writes, launch and statements, keeping nothing', async () => {
    const { entryIds, level, send, actor } = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const other = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    const admin = await signIn(ctx.app, {
      email: (await createAdmin(ctx.db)).email,
      password: DEFAULT_PASSWORD,
    });
    const data = { documents: [bookmark('p1')], statements: [{ actor, ...statement('completed') }] };
    for (const client of [other, admin]) {
      const written = await post(client, entryIds[0]!, [write(newLaunchId(), 1, 'cmi5', data)]);
      expect(written.statusCode).toBe(404);
      expect(written.json()).toEqual({ success: false, message: httpMessages.notFound });
      expect((await client.get(`/api/user/activity/statements/${entryIds[0]}`)).statusCode).toBe(404);
      expect((await client.get(`/api/user/activity/launch/${entryIds[0]}`)).statusCode).toBe(404);
    }
    expect((await other.get('/api/user/activity/statements/2147483647')).statusCode).toBe(404);
    expect((await other.get('/api/user/activity/statements/abc')).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/user/activity/statements/${entryIds[0]}` }))
        .statusCode,
    ).toBe(401);
    expect(await storedCount(entryIds[0]!)).toBe(0);
    // The owner's write still works afterwards.
    expect((await send(entryIds[0]!, data)).json()).toMatchObject({ applied: 1, status: 'completed' });
  });

  it('refuses malformed statements and data with 400 and the schema’s message, changing nothing', async () => {
    const { client, entryIds, send, actor } = await xapiEntries('cmi5', { moveOn: 'NotApplicable' }, 1);
    const id = entryIds[0]!;
    const { verb: _verb, ...noVerb } = statement('completed');
    const cases: Array<[object, string]> = [
      [
        { documents: [], statements: [{ ...statement('completed'), id: 'not-a-uuid' }] },
        xapiMessages.statementId,
      ],
      [{ documents: [], statements: [noVerb] }, xapiMessages.statementVerb],
      [
        { documents: [], statements: [{ ...statement('completed'), verb: { id: 'completed' } }] },
        xapiMessages.statementVerb,
      ],
      [
        { documents: [], statements: [{ ...statement('completed'), object: 'AU' }] },
        xapiMessages.statementObject,
      ],
      [
        { documents: [], statements: [{ ...statement('completed'), timestamp: 'yesterday' }] },
        xapiMessages.statementTimestamp,
      ],
      [{ statements: [] }, xapiMessages.xapiDataShape],
      [{ documents: {}, statements: [] }, xapiMessages.xapiDataShape],
      [
        { documents: [{ ...bookmark('p'), body: 'x'.repeat(XAPI_DOCUMENT_MAX_CHARS + 1) }], statements: [] },
        xapiMessages.documentTooLong,
      ],
      [
        { documents: [], statements: Array.from({ length: 101 }, () => statement('answered')) },
        xapiMessages.tooManyStatements,
      ],
    ];
    for (const [sent, message] of cases) {
      const { statements } = sent as { statements?: object[] };
      const data = statements ? { ...sent, statements: statements.map((s) => ({ actor, ...s })) } : sent;
      const response = await post(client, id, [write(newLaunchId(), 1, 'cmi5', data)]);
      expect(response.json(), JSON.stringify(data).slice(0, 200)).toEqual({ success: false, message });
      expect(response.statusCode).toBe(400);
    }
    // A SCORM write to a cmi5 entry names both.
    const scorm = await post(client, id, [write(newLaunchId(), 1, 'scorm12', { cmi: {} })]);
    expect(scorm.json()).toEqual({
      success: false,
      message: runtimeMessages.standardMismatch('scorm12', 'cmi5'),
    });
    expect(await storedCount(id)).toBe(0);
    expect((await launch(client, id)).runtime).toBeNull();
    // NotApplicable would have completed it at the first accepted write: none was.
    expect((await send(id, {})).json()).toMatchObject({ applied: 1, status: 'completed' });
  });

  it('refuses a write over 256 KiB (413) and statements past the entry’s cap (409), keeping what was there', async () => {
    const { client, entryIds, send } = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const id = entryIds[0]!;
    const big = { ...bookmark('p'), body: 'x'.repeat(60_000) };
    const tooBig = await send(id, { documents: [0, 1, 2, 3, 4].map((n) => ({ ...big, stateId: `s${n}` })) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, message: runtimeMessages.dataTooLarge });
    expect(5 * 60_000).toBeGreaterThan(RUNTIME_DATA_MAX_BYTES);

    // The entry already holds all but one statement it may keep.
    const rows = Array.from({ length: XAPI_STATEMENTS_MAX_PER_ENTRY - 1 }, (_, n) => ({
      entry_id: id,
      statement_id: crypto.randomUUID(),
      verb_id: verbs.answered,
      object_id: `${AU}/q${n}`,
      timestamp: '2026-11-23T10:00:00.000Z',
      stored_at: '2026-11-23T10:00:00.000Z',
      score_scaled: null,
      success: null,
      completion: null,
      statement: '{}',
    }));
    for (let at = 0; at < rows.length; at += 500) {
      await ctx.db
        .insertInto('xapi_statements')
        .values(rows.slice(at, at + 500))
        .execute();
    }
    const launchId = newLaunchId();
    const full = await send(
      id,
      { documents: [bookmark('p9')], statements: [statement('answered'), statement('completed')] },
      launchId,
    );
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ success: false, message: xapiMessages.entryStatementsFull });
    expect(await storedCount(id)).toBe(XAPI_STATEMENTS_MAX_PER_ENTRY - 1);
    expect((await launch(client, id)).runtime).toBeNull();
    // One more fits; a replayed id is not counted twice.
    const last = statement('completed');
    expect((await send(id, { statements: [last, last] }, launchId)).json()).toMatchObject({
      status: 'completed',
    });
    expect(await storedCount(id)).toBe(XAPI_STATEMENTS_MAX_PER_ENTRY);
    expect((await send(id, { statements: [last] }, launchId, 2)).json()).toMatchObject({ applied: 1 });
  });
});

describe('cmi5 / Tin Can statements about someone else or another activity', () => {
  it('refuses with 403 a statement whose actor is not the launch’s group, storing nothing', async () => {
    const { send, entryIds, groupId, row } = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const id = entryIds[0]!;
    const others = [
      { objectType: 'Agent', account: { homePage: ctx.config.publicUrl, name: `group-${groupId + 1}` } },
      { objectType: 'Agent', account: { homePage: 'https://elsewhere.test', name: `group-${groupId}` } },
      { objectType: 'Agent', mbox: 'mailto:eleve@ecole.fr' },
      { objectType: 'Group', account: { homePage: ctx.config.publicUrl, name: `group-${groupId}` } },
    ];
    for (const actor of others) {
      const response = await send(id, {
        documents: [bookmark('p1')],
        statements: [statement('initialized'), { ...statement('completed'), actor }],
      });
      expect(response.statusCode, JSON.stringify(actor)).toBe(403);
      expect(response.json()).toEqual({ success: false, message: xapiMessages.statementNotLearner });
    }
    expect(await storedCount(id)).toBe(0);
    expect(await row()).toEqual({ status: 'pending', score: null });
  });

  it('refuses with 403 a statement about another activity, takes the AU and its sub-activities', async () => {
    const { client, send, entryIds, row } = await xapiEntries('tincan', { moveOn: 'CompletedOrPassed' }, 1);
    const id = entryIds[0]!;
    for (const object of [
      'https://ardoise.test/au/autre',
      `${AU}-bis`,
      `${AU}/`,
      'https://ardoise.test/au',
    ]) {
      const response = await send(id, { statements: [statement('passed', { object, scaled: 1 })] });
      expect(response.statusCode, object).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: xapiMessages.statementNotLaunchedActivity(AU),
      });
    }
    const agentObject = { ...statement('completed'), object: { objectType: 'Agent', id: AU } };
    expect((await send(id, { statements: [agentObject] })).statusCode).toBe(403);
    expect(await storedCount(id)).toBe(0);
    expect((await launch(client, id)).runtime).toBeNull();
    expect(await row()).toEqual({ status: 'pending', score: null });

    const ours = [`${AU}/q1`, `${AU}#slide-2`, `${AU}?page=3`].map((object) =>
      statement('answered', { object }),
    );
    expect((await send(id, { statements: [...ours, statement('completed')] })).json()).toMatchObject({
      applied: 1,
      status: 'completed',
    });
    expect(await storedCount(id)).toBe(4);
  });
});

describe('cmi5 / Tin Can writes: replays, rules and score', () => {
  it('stores each statement id once: the same write twice, and the same statements in a later write', async () => {
    const { client, entryIds, send } = await xapiEntries('cmi5', { moveOn: 'Passed', masteryScore: 0.8 }, 1);
    const id = entryIds[0]!;
    const launchId = newLaunchId();
    const sent = [statement('initialized'), statement('answered', { object: `${AU}/q1`, scaled: 1 })];
    const first = await send(id, { documents: [bookmark('p1')], statements: sent }, launchId, 1);
    expect(first.json()).toEqual({ success: true, applied: 1, status: 'pending', score: null });
    expect(
      (await send(id, { documents: [bookmark('p1')], statements: sent }, launchId, 1)).json(),
    ).toMatchObject({
      applied: 0,
    });
    // The service worker re-sends them in a new write (e.g. after a reload): kept once.
    const again = await send(
      id,
      { documents: [bookmark('p2')], statements: [...sent, statement('terminated')] },
      launchId,
      2,
    );
    expect(again.json()).toMatchObject({ applied: 1, status: 'pending' });
    // The same id in capitals is the same statement.
    const shouted = { ...sent[0]!, id: sent[0]!.id.toUpperCase() };
    expect(
      (await send(id, { documents: [bookmark('p2')], statements: [shouted] }, launchId, 3)).json(),
    ).toMatchObject({ applied: 1 });
    expect(await storedCount(id)).toBe(3);
    expect((await listed(client, id)).map((s) => s.verb)).toEqual(['terminated', 'answered', 'initialized']);
    expect((await launch(client, id)).runtime?.data).toEqual({ documents: [bookmark('p2')] });
  });

  it('stores the same statements once when two devices send them at the same moment', async () => {
    const { entryIds, send } = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const id = entryIds[0]!;
    const sent = Array.from({ length: 20 }, () => statement('answered', { object: `${AU}/q` }));
    const answers = await Promise.all([send(id, { statements: sent }), send(id, { statements: sent })]);
    expect(answers.map((a) => [a.statusCode, a.json().applied])).toEqual([
      [200, 1],
      [200, 1],
    ]);
    expect(await storedCount(id)).toBe(20);
  });

  it('Completed: a completed statement about the AU completes the entry; others (other objects) do not', async () => {
    const { send, entryIds, row } = await xapiEntries('cmi5', { moveOn: 'Completed' });
    const [first] = entryIds as [number, number];
    const other = await send(first, {
      statements: [statement('completed', { object: `${AU}/slide-3` }), statement('passed')],
    });
    expect(other.json()).toMatchObject({ status: 'pending' });
    expect((await send(first, { statements: [statement('completed')] })).json()).toMatchObject({
      status: 'completed',
    });
    expect(await row(0)).toEqual({ status: 'completed', score: null });
  });

  it('Passed with a mastery score: below it does not count, at or above it does; the latest score shows', async () => {
    const { send, entryIds, row } = await xapiEntries('cmi5', { moveOn: 'Passed', masteryScore: 0.8 });
    const [first] = entryIds as [number, number];
    const below = await send(first, {
      statements: [statement('passed', { scaled: 0.7 }), statement('completed')],
    });
    expect(below.json()).toEqual({ success: true, applied: 1, status: 'pending', score: 70 });
    expect(await row(0)).toEqual({ status: 'pending', score: 70 });
    const above = await send(first, { statements: [statement('passed', { scaled: 0.85 })] });
    expect(above.json()).toEqual({ success: true, applied: 1, status: 'completed', score: 85 });
    expect(await row(0)).toEqual({ status: 'completed', score: 85 });
    // A later failed attempt with a lower score changes the score, never the status.
    expect((await send(first, { statements: [statement('failed', { scaled: 0.4 })] })).json()).toMatchObject({
      status: 'completed',
      score: 40,
    });
  });

  it('CompletedAndPassed needs both, across writes and launches (the kept statements decide)', async () => {
    const { send, entryIds, row } = await xapiEntries('cmi5', { moveOn: 'CompletedAndPassed' });
    const [first, second] = entryIds as [number, number];
    expect((await send(first, { statements: [statement('completed')] })).json()).toMatchObject({
      status: 'pending',
    });
    // On another device, later: passed without a mastery score.
    expect((await send(first, { statements: [statement('passed', { scaled: 0.5 })] })).json()).toMatchObject({
      status: 'completed',
      score: 50,
    });
    expect(await row(0)).toEqual({ status: 'completed', score: 50 });
    // The second entry: both at once, but the rule lets it complete only now that the first is.
    expect(
      (await send(second, { statements: [statement('passed'), statement('completed')] })).json(),
    ).toMatchObject({
      status: 'completed',
    });
  });

  it('NotApplicable: satisfied at the first write, when the table’s rule allows it', async () => {
    const { send, entryIds, row } = await xapiEntries('cmi5', { moveOn: 'NotApplicable' });
    const [first, second] = entryIds as [number, number];
    // Not the next activity (locked): refused whole, nothing kept.
    expect((await send(second, { documents: [bookmark('p1')] })).statusCode).toBe(403);
    expect(await storedCount(second)).toBe(0);
    expect((await send(first, { statements: [statement('initialized')] })).json()).toMatchObject({
      status: 'completed',
    });
    expect(await row(0)).toEqual({ status: 'completed', score: null });
  });

  it('Tin Can: completed or passed about the launch activity completes the entry', async () => {
    const { send, entryIds, row } = await xapiEntries('tincan', { moveOn: 'CompletedOrPassed' });
    const [first] = entryIds as [number, number];
    expect(
      (
        await send(first, { statements: [statement('answered', { scaled: 0.2, object: `${AU}/q1` })] })
      ).json(),
    ).toMatchObject({
      status: 'pending',
      score: null,
    });
    const passed = await send(first, { statements: [statement('passed', { scaled: 0.9 })] });
    expect(passed.json()).toMatchObject({ status: 'completed', score: 90 });
    expect(await row(0)).toEqual({ status: 'completed', score: 90 });
  });
});

describe('cmi5 / Tin Can launch and statements', () => {
  it('gives the group as actor, one registration per entry on every device, the AU’s rules, and the kept documents', async () => {
    const { client, entryIds, groupId, teacher, send } = await xapiEntries('cmi5', {
      moveOn: 'Passed',
      masteryScore: 0.75,
    });
    const [first, second] = entryIds as [number, number];
    const before = await launch(client, first);
    expect(before.runtime).toBeNull();
    expect(before.xapi).toEqual({
      activityId: AU,
      moveOn: 'Passed',
      masteryScore: 0.75,
      actor: {
        objectType: 'Agent',
        name: 'G',
        account: { homePage: ctx.config.publicUrl, name: `group-${groupId}` },
      },
      registration: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      launchMode: 'Normal',
    });
    await send(first, { documents: [bookmark('p4')], statements: [statement('initialized')] });
    // Another device of the same teacher: same registration, the state resumes.
    const tablet = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const after = await launch(tablet, first);
    expect(after.xapi?.registration).toBe(before.xapi?.registration);
    expect(after.runtime).toEqual({
      standard: 'cmi5',
      data: { documents: [bookmark('p4')] },
      updatedAt: expect.any(String),
    });
    expect((await launch(client, second)).xapi?.registration).not.toBe(before.xapi?.registration);
  });

  it('derives registrations as RFC 9562 UUID v5 (its DNS example)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('has no xapi for other kinds', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    expect((await launch(client, entryIds[0]!)).xapi).toBeNull();
  });

  it('lists an entry’s statements newest first, 200 at most, with verb, time, score and outcome', async () => {
    const { client, entryIds, send } = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const id = entryIds[0]!;
    const launchId = newLaunchId();
    const batches = [0, 1, 2].map((batch) =>
      Array.from({ length: batch < 2 ? 100 : 5 }, (_, n) =>
        statement('answered', {
          object: `${AU}/q${batch * 100 + n}`,
          at: `2026-11-23T10:00:00.${String(n).padStart(3, '0')}Z`,
        }),
      ),
    );
    for (const [index, statements] of batches.entries()) await send(id, { statements }, launchId, index + 1);
    const scored = {
      ...statement('passed', { scaled: 0.456 }),
      verb: { id: verbs.passed, display: { 'fr-FR': 'réussi' } },
    };
    const outcome = { ...scored, result: { ...scored.result, success: true, completion: true } };
    await send(id, { statements: [outcome] }, launchId, 4);
    const list = await listed(client, id);
    expect(list).toHaveLength(200);
    expect(list[0]).toEqual({
      id: outcome.id,
      verbId: verbs.passed,
      verb: 'réussi',
      at: outcome.timestamp,
      scorePercent: 45.6,
      success: true,
      completion: true,
    });
    expect(list[1]).toMatchObject({
      id: batches[2]![4]!.id,
      verb: 'answered',
      scorePercent: null,
      success: null,
    });
    const response = await client.get(`/api/user/activity/statements/${id}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps H5P’s xAPI statements for the teacher’s view, not in its runtime data', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'h5p', 1);
    const id = entryIds[0]!;
    const result = { raw: 3, max: 4, completed: true, success: true };
    // H5P has no launch actor: its statements carry whatever H5P's integration gives.
    const h5pStatement = {
      actor: { objectType: 'Agent', name: 'H5P', mbox: 'mailto:h5p@ardoise.invalid' },
      ...statement('answered', { object: 'http://127.0.0.1:3001/h5p/1' }),
      verb: { id: verbs.answered },
    };
    const answer = await post(client, id, [
      write(newLaunchId(), 1, 'h5p', { state: '{}', result, statements: [h5pStatement] }),
    ]);
    expect(answer.json()).toEqual({ success: true, applied: 1, status: 'completed', score: 75 });
    expect((await launch(client, id)).runtime?.data).toEqual({ state: '{}', result });
    expect(await listed(client, id)).toEqual([
      expect.objectContaining({ id: h5pStatement.id, verb: 'answered' }),
    ]);
    const bad = await post(client, id, [
      write(newLaunchId(), 1, 'h5p', { statements: [{ ...h5pStatement, id: 'x' }] }),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: xapiMessages.statementId });
  });
});

describe("a pupil's own entry of xAPI content", () => {
  it('launches with the pupil as actor (an opaque account, no name) and takes only their statements', async () => {
    const setup = await xapiEntries('cmi5', { moveOn: 'Completed' }, 1);
    const { pupil, entry, client } = await pupilWithOwnEntry(
      ctx,
      { schoolId: setup.teacher.schoolId, groupId: setup.groupId },
      setup.entryIds[0]!,
    );
    const launched = await launch(client, entry.id);
    const pupilActor = {
      objectType: 'Agent',
      account: { homePage: ctx.config.publicUrl, name: `pupil-${pupil.id}` },
    };
    expect(launched.xapi?.actor).toEqual({ ...pupilActor, name: 'Élève' });

    const sendAs = (actor: object) =>
      post(client, entry.id, [
        write(newLaunchId(), 1, 'cmi5', {
          documents: [],
          statements: [{ actor, ...statement('completed') }],
        }),
      ]);
    const asGroup = await sendAs(setup.actor);
    expect(asGroup.statusCode).toBe(403);
    expect(asGroup.json().message).toBe(xapiMessages.statementNotLearner);
    expect((await sendAs(pupilActor)).statusCode).toBe(200);
    expect(await storedCount(entry.id)).toBe(1);
    // The class's entry is untouched by the pupil's completion.
    expect(await setup.row()).toEqual({ status: 'pending', score: null });
  });
});
