import { describe, expect, it } from 'vitest';
import { RUNTIME_DATA_MAX_BYTES } from '@/common/constants.js';
import type { XapiDocument, XapiLaunch } from '@/common/schemas/xapi.js';
import type { XapiRuntimeData } from '@/common/standards/xapi.js';
import { createLrs, LAUNCH_DATA_STATE_ID, type LrsRequest, SESSION_ID_EXTENSION } from './xapi-lrs';

const REGISTRATION = '6f1f5a34-3c1b-4b8f-9a8e-0d5a3b3c2a10';
const ACTIVITY = 'https://example.org/course/au-1';
const launch: XapiLaunch = {
  activityId: ACTIVITY,
  moveOn: 'CompletedAndPassed',
  masteryScore: 0.8,
  actor: { objectType: 'Agent', name: 'Groupe A', account: { homePage: 'http://app', name: 'group-1' } },
  registration: REGISTRATION,
  launchMode: 'Normal',
};
const TOKEN = 'YXJkb2lzZTp0ZXN0';
const AUTH = { authorization: `Basic ${TOKEN}` };
const AGENT = JSON.stringify(launch.actor);

function setup(standard: 'cmi5' | 'tincan' = 'cmi5', documents: XapiDocument[] = []) {
  const reports: XapiRuntimeData[] = [];
  let n = 0;
  const lrs = createLrs({
    standard,
    launch,
    documents,
    authToken: TOKEN,
    sessionId: 'session-1',
    returnURL: 'http://content/return',
    report: (data) => reports.push(data),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    now: () => new Date('2026-11-23T10:00:00.000Z'),
  });
  const call = (request: Partial<LrsRequest>) => {
    const response = lrs.handle({
      method: 'GET',
      resource: '',
      query: {},
      headers: AUTH,
      body: '',
      ...request,
    });
    const isJson = response.headers['content-type']?.startsWith('application/json') && response.body;
    return { ...response, json: isJson ? JSON.parse(response.body) : undefined };
  };
  if (standard === 'cmi5') call({ method: 'POST', resource: 'fetch', headers: {} });
  return { call, reports };
}

const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}` });
const statement = (name: string, extra: object = {}) => ({
  actor: launch.actor,
  verb: verb(name),
  object: { id: ACTIVITY },
  context: { registration: REGISTRATION },
  ...extra,
});
const state = (stateId?: string, extra: Record<string, string> = {}) => ({
  activityId: ACTIVITY,
  agent: AGENT,
  ...(stateId ? { stateId } : {}),
  ...extra,
});
/** A JSON state document written with PUT (replacing) or POST (merging into the kept one). */
const writeJsonState = (
  call: ReturnType<typeof setup>['call'],
  method: 'PUT' | 'POST',
  stateId: string,
  body: string,
) =>
  call({
    method,
    resource: 'activities/state',
    query: state(stateId),
    headers: { ...AUTH, 'content-type': 'application/json' },
    body,
  });

describe('xAPI LRS of a launch', () => {
  it('gives the cmi5 auth token once; a second fetch gets the cmi5 error with 200', () => {
    const reports: XapiRuntimeData[] = [];
    const lrs = createLrs({
      standard: 'cmi5',
      launch,
      documents: [],
      authToken: TOKEN,
      sessionId: 's',
      returnURL: 'r',
      report: (d) => reports.push(d),
      newId: () => 'x',
    });
    const fetchIt = () => lrs.handle({ method: 'POST', resource: 'fetch', query: {}, headers: {}, body: '' });
    // Before the fetch, the token is not yet valid.
    expect(
      lrs.handle({ method: 'GET', resource: 'statements', query: {}, headers: AUTH, body: '' }).status,
    ).toBe(401);
    const first = fetchIt();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ 'auth-token': TOKEN });
    const second = fetchIt();
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toMatchObject({ 'error-code': '1' });
    expect(second.headers['x-experience-api-version']).toBe('1.0.3');
  });

  it('refuses a missing or wrong Authorization header with 401, answers about without one', () => {
    const { call } = setup();
    expect(call({ resource: 'statements', headers: {} }).status).toBe(401);
    expect(call({ resource: 'statements', headers: { authorization: 'Basic other' } }).status).toBe(401);
    const about = call({ resource: 'about', headers: {} });
    expect(about.status).toBe(200);
    expect(about.json).toEqual({ version: ['1.0.3'] });
  });

  it('keeps statements, sets missing ids, reports each new one once and answers GET by id', () => {
    const { call, reports } = setup();
    const posted = call({
      method: 'POST',
      resource: 'statements',
      body: JSON.stringify([
        statement('initialized'),
        statement('completed', { id: 'a1b2c3d4-0000-4000-8000-000000000001' }),
      ]),
    });
    expect(posted.status).toBe(200);
    expect(posted.json).toHaveLength(2);
    expect(posted.json[1]).toBe('a1b2c3d4-0000-4000-8000-000000000001');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.statements.map((s) => s.verb.id)).toEqual([
      verb('initialized').id,
      verb('completed').id,
    ]);

    // A replay of the same statement is accepted and not reported again.
    const again = call({
      method: 'POST',
      resource: 'statements',
      body: JSON.stringify(statement('completed', { id: posted.json[1] })),
    });
    expect(again.status).toBe(200);
    expect(reports).toHaveLength(1);

    const got = call({ resource: 'statements', query: { statementId: posted.json[0] } });
    expect(got.status).toBe(200);
    expect(got.json.verb.id).toBe(verb('initialized').id);
    expect(got.json.timestamp).toBe('2026-11-23T10:00:00.000Z');
    expect(
      call({ resource: 'statements', query: { statementId: '9d3e0d7e-1111-4111-8111-111111111111' } }).status,
    ).toBe(404);
  });

  it('PUT with statementId stores it under that id (204); a different statement under the same id is a 409', () => {
    const { call, reports } = setup();
    const id = '1d7c9a6e-5f0b-4d6e-8a1e-3a4b5c6d7e8f';
    const put = (verbName: string, query: Record<string, string>) =>
      call({ method: 'PUT', resource: 'statements', query, body: JSON.stringify(statement(verbName)) })
        .status;
    expect(put('passed', { statementId: id })).toBe(204);
    expect(reports[0]?.statements[0]?.id).toBe(id);
    expect(put('passed', {})).toBe(400);
    expect(put('failed', { statementId: id })).toBe(409);
  });

  it('refuses bad statements and another registration with 400, and keeps nothing of the request', () => {
    const { call, reports } = setup();
    const bad = [
      'not json',
      JSON.stringify('text'),
      JSON.stringify([]),
      JSON.stringify({ ...statement('completed'), verb: { id: 'not an iri' } }),
      JSON.stringify({ ...statement('completed'), id: 'not-a-uuid' }),
      JSON.stringify([statement('completed'), { verb: verb('passed') }]),
      JSON.stringify(
        statement('completed', { context: { registration: '11111111-2222-4333-8444-555555555555' } }),
      ),
    ];
    for (const body of bad) {
      const response = call({ method: 'POST', resource: 'statements', body });
      expect(response.status, body).toBe(400);
      expect(response.json.success).toBe(false);
      expect(typeof response.json.message).toBe('string');
    }
    expect(reports).toEqual([]);
  });

  it('refuses with 403 a statement about another learner or another activity, keeping nothing', () => {
    const { call, reports } = setup();
    const others = [
      statement('completed', {
        actor: { objectType: 'Agent', account: { homePage: 'http://app', name: 'group-2' } },
      }),
      statement('completed', { actor: { objectType: 'Agent', mbox: 'mailto:eleve@ecole.fr' } }),
      statement('completed', { object: { id: 'https://example.org/course/au-2' } }),
      statement('completed', { object: { id: `${ACTIVITY}-bis` } }),
    ];
    for (const one of others) {
      const body = JSON.stringify([statement('initialized'), one]);
      expect(call({ method: 'POST', resource: 'statements', body }).status, body).toBe(403);
    }
    expect(reports).toEqual([]);
    const sub = statement('answered', { object: { objectType: 'Activity', id: `${ACTIVITY}/q1` } });
    expect(call({ method: 'POST', resource: 'statements', body: JSON.stringify(sub) }).status).toBe(200);
  });

  it('refuses cmi5 statements after terminated (403)', () => {
    const { call } = setup();
    expect(
      call({ method: 'POST', resource: 'statements', body: JSON.stringify(statement('terminated')) }).status,
    ).toBe(200);
    expect(
      call({ method: 'POST', resource: 'statements', body: JSON.stringify(statement('completed')) }).status,
    ).toBe(403);
  });

  it('serves LMS.LaunchData, read only, with the registration and the session id', () => {
    const { call } = setup();
    const data = call({ resource: 'activities/state', query: state(LAUNCH_DATA_STATE_ID) });
    expect(data.status).toBe(200);
    expect(data.json).toEqual({
      contextTemplate: { registration: REGISTRATION, extensions: { [SESSION_ID_EXTENSION]: 'session-1' } },
      launchMode: 'Normal',
      moveOn: 'CompletedAndPassed',
      masteryScore: 0.8,
      returnURL: 'http://content/return',
    });
    for (const method of ['PUT', 'POST', 'DELETE']) {
      expect(
        call({ method, resource: 'activities/state', query: state(LAUNCH_DATA_STATE_ID), body: '{}' }).status,
      ).toBe(403);
    }
  });

  it('keeps state documents: PUT, GET, POST merges JSON, list of ids, DELETE, each change reported whole', () => {
    const { call, reports } = setup();
    const put = writeJsonState(call, 'PUT', 'bookmark', '{"page":2}');
    expect(put.status).toBe(204);
    expect(reports.at(-1)).toEqual({
      documents: [
        { activityId: ACTIVITY, stateId: 'bookmark', contentType: 'application/json', body: '{"page":2}' },
      ],
      statements: [],
    });
    const merged = writeJsonState(call, 'POST', 'bookmark', '{"score":3}');
    expect(merged.status).toBe(204);
    const got = call({ resource: 'activities/state', query: state('bookmark') });
    expect(got.json).toEqual({ page: 2, score: 3 });
    expect(got.headers['content-type']).toBe('application/json');
    expect(call({ resource: 'activities/state', query: state() }).json).toEqual([
      LAUNCH_DATA_STATE_ID,
      'bookmark',
    ]);
    expect(call({ method: 'DELETE', resource: 'activities/state', query: state('bookmark') }).status).toBe(
      204,
    );
    expect(call({ resource: 'activities/state', query: state('bookmark') }).status).toBe(404);
    expect(reports.at(-1)?.documents).toEqual([]);
  });

  it('resumes from the kept documents and refuses malformed state requests', () => {
    const kept = { activityId: ACTIVITY, stateId: 'suspend', contentType: 'text/plain', body: 'slide-4' };
    const { call, reports } = setup('cmi5', [kept]);
    expect(call({ resource: 'activities/state', query: state('suspend') }).body).toBe('slide-4');
    expect(call({ resource: 'activities/state', query: { agent: AGENT, stateId: 'x' } }).status).toBe(400);
    expect(
      call({ resource: 'activities/state', query: { activityId: ACTIVITY, agent: '{bad', stateId: 'x' } })
        .status,
    ).toBe(400);
    expect(
      call({
        resource: 'activities/state',
        query: state('suspend', { registration: '11111111-2222-4333-8444-555555555555' }),
      }).status,
    ).toBe(400);
    // POST merges JSON only.
    expect(writeJsonState(call, 'POST', 'suspend', '{"a":1}').status).toBe(400);
    expect(reports).toEqual([]);
  });

  it('refuses a write that would exceed what the server keeps (413), keeping the previous state', () => {
    const { call, reports } = setup();
    const big = 'x'.repeat(60_000);
    let status = 204;
    let stored = 0;
    while (status === 204) {
      status = call({
        method: 'PUT',
        resource: 'activities/state',
        query: state(`doc-${stored}`),
        body: big,
      }).status;
      if (status === 204) stored += 1;
    }
    expect(status).toBe(413);
    expect(stored).toBe(Math.floor(RUNTIME_DATA_MAX_BYTES / 60_000));
    expect(reports).toHaveLength(stored);
    expect(call({ resource: 'activities/state', query: state() }).json).toHaveLength(stored + 1);
  });

  it('answers the learner preferences read only, and Tin Can without a fetch', () => {
    const { call } = setup('tincan');
    const prefs = call({
      resource: 'agents/profile',
      query: { agent: AGENT, profileId: 'cmi5LearnerPreferences' },
    });
    expect(prefs.json).toEqual({ languagePreference: 'fr-FR', audioPreference: 'on' });
    expect(
      call({
        method: 'PUT',
        resource: 'agents/profile',
        query: { agent: AGENT, profileId: 'cmi5LearnerPreferences' },
      }).status,
    ).toBe(403);
    expect(call({ method: 'POST', resource: 'fetch' }).status).toBe(404);
    expect(call({ resource: 'nothing' }).status).toBe(404);
    expect(
      call({ method: 'POST', resource: 'statements', body: JSON.stringify(statement('completed')) }).status,
    ).toBe(200);
  });
});
