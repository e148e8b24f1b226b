// The LRS of one cmi5 / Tin Can launch, run in the player page: the service worker hands it each
// request the content makes to /local-activity/xapi/{launchId}/ and returns its answer. It answers
// from what the device holds (the content never waits for the network): statements and state
// documents are kept here and every change is reported at once as the data of a runtime write
// (`{ documents, statements }`), which travels like a SCORM commit. Pure: no DOM, no network.
import {
  RUNTIME_DATA_MAX_BYTES,
  XAPI_DOCUMENTS_MAX_PER_ENTRY,
  XAPI_STATEMENTS_MAX_PER_WRITE,
} from '@/common/constants.js';
import { xapiMessages } from '@/common/messages/xapi.js';
import { xapiLrsMessages as m } from '@/common/messages/xapi-lrs.js';
import {
  type XapiDocument,
  type XapiLaunch,
  type XapiStatement,
  xapiDocumentSchema,
  xapiStatementSchema,
} from '@/common/schemas/xapi.js';
import type { StandardsOf } from '@/common/standards/kinds.js';
import { isLaunchActor, isLaunchedActivity, type XapiRuntimeData } from '@/common/standards/xapi.js';

export const XAPI_VERSION = '1.0.3';
export const LAUNCH_DATA_STATE_ID = 'LMS.LaunchData';
export const LEARNER_PREFERENCES_ID = 'cmi5LearnerPreferences';
export const SESSION_ID_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const TERMINATED = 'http://adlnet.gov/expapi/verbs/terminated';

/** A request as the service worker forwards it: header names in lower case, the path after the
 * endpoint (e.g. 'statements', 'activities/state', 'fetch'). */
export type LrsRequest = {
  method: string;
  resource: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
};
export type LrsResponse = { status: number; headers: Record<string, string>; body: string };

export type LrsOptions = {
  standard: StandardsOf<'xapi'>;
  launch: XapiLaunch;
  /** The state documents kept for the entry (the last write's), so the content resumes. */
  documents: readonly XapiDocument[];
  /** The value the Authorization header must carry after 'Basic ' (cmi5: given once by fetch). */
  authToken: string;
  sessionId: string;
  returnURL: string;
  report(data: XapiRuntimeData): void;
  newId(): string;
  now?: () => Date;
};

export type Lrs = { handle(request: LrsRequest): LrsResponse };

const VERSION_HEADER = { 'x-experience-api-version': XAPI_VERSION };
const json = (status: number, value: unknown): LrsResponse => ({
  status,
  headers: { ...VERSION_HEADER, 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});
const noContent = (): LrsResponse => ({ status: 204, headers: { ...VERSION_HEADER }, body: '' });
const failure = (status: number, message: string) => json(status, { success: false, message });

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** cmi5 §10.2: what the LMS sets before launch, read by the AU as the state LMS.LaunchData. */
export function launchData(options: Pick<LrsOptions, 'launch' | 'sessionId' | 'returnURL'>): JsonObject {
  const { launch, sessionId, returnURL } = options;
  return {
    contextTemplate: {
      registration: launch.registration,
      extensions: { [SESSION_ID_EXTENSION]: sessionId },
    },
    launchMode: launch.launchMode,
    moveOn: launch.moveOn,
    ...(launch.masteryScore === null ? {} : { masteryScore: launch.masteryScore }),
    ...(launch.launchParameters ? { launchParameters: launch.launchParameters } : {}),
    returnURL,
  };
}

export function createLrs(options: LrsOptions): Lrs {
  const { standard, launch, authToken, report, newId } = options;
  const now = options.now ?? (() => new Date());
  const documents = new Map<string, XapiDocument>();
  const key = (activityId: string, stateId: string) => `${activityId}\n${stateId}`;
  for (const document of options.documents) {
    if (xapiDocumentSchema.safeParse(document).success)
      documents.set(key(document.activityId, document.stateId), document);
  }
  const statements = new Map<string, XapiStatement>();
  let fetched = standard === 'tincan';
  let terminated = false;
  const launchDataBody = JSON.stringify(launchData(options));

  /** Reports the change: refused (413) when the write would exceed what the server keeps. */
  function commit(next: Map<string, XapiDocument>, added: XapiStatement[]): LrsResponse | null {
    const data: XapiRuntimeData = { documents: [...next.values()], statements: added };
    if (utf8Bytes(JSON.stringify(data)) > RUNTIME_DATA_MAX_BYTES) return failure(413, m.dataTooLarge);
    report(data);
    return null;
  }

  function fetchToken(method: string): LrsResponse {
    if (standard !== 'cmi5') return failure(404, m.unknownResource('fetch'));
    // cmi5 §8.2.3: errors are JSON with an error code, status 200.
    if (method !== 'POST') return json(200, { 'error-code': '3', 'error-text': m.fetchMethod });
    if (fetched) return json(200, { 'error-code': '1', 'error-text': m.fetchUsed });
    fetched = true;
    return json(200, { 'auth-token': authToken });
  }

  /** The statement as kept: an id and a timestamp set when missing, `stored` set now. */
  function prepare(raw: unknown, at: string): { statement: XapiStatement } | { error: LrsResponse } {
    if (!isObject(raw)) return { error: failure(400, m.statementObject) };
    const candidate = { id: newId(), timestamp: at, ...raw, stored: at };
    const parsed = xapiStatementSchema.safeParse(candidate);
    if (!parsed.success) return { error: failure(400, parsed.error.issues[0]?.message ?? m.statementObject) };
    const registration = (parsed.data.context as JsonObject | undefined)?.registration;
    if (registration !== undefined && registration !== launch.registration) {
      return { error: failure(400, m.wrongRegistration) };
    }
    // cmi5 Best Practices #15 and #16: about the launch's learner and activity, else 403 (the
    // server refuses them the same way).
    if (!isLaunchActor(parsed.data.actor, launch.actor.account)) {
      return { error: failure(403, xapiMessages.statementNotLearner) };
    }
    if (!isLaunchedActivity(parsed.data.object, launch.activityId)) {
      return { error: failure(403, xapiMessages.statementNotLaunchedActivity(launch.activityId)) };
    }
    return { statement: parsed.data };
  }

  /** Keeps new statements (a replay of a held one is accepted once); null when all went well. */
  function store(raws: unknown[]): { ids: string[] } | { error: LrsResponse } {
    if (raws.length === 0) return { error: failure(400, m.noStatements) };
    if (raws.length > XAPI_STATEMENTS_MAX_PER_WRITE) {
      return { error: failure(413, xapiMessages.tooManyStatements) };
    }
    if (terminated && standard === 'cmi5') return { error: failure(403, m.afterTerminated) };
    const at = now().toISOString();
    const added: XapiStatement[] = [];
    const ids: string[] = [];
    for (const raw of raws) {
      const prepared = prepare(raw, at);
      if ('error' in prepared) return prepared;
      const { statement } = prepared;
      if (ids.includes(statement.id)) return { error: failure(400, m.duplicateIds) };
      ids.push(statement.id);
      const held = statements.get(statement.id);
      if (held) {
        const { stored: _a, timestamp: _b, ...heldRest } = held;
        const { stored: _c, timestamp: _d, ...newRest } = statement;
        if (!sameJson(heldRest, newRest)) return { error: failure(409, m.statementConflict) };
        continue;
      }
      added.push(statement);
    }
    if (added.length > 0) {
      const refused = commit(documents, added);
      if (refused) return { error: refused };
      for (const statement of added) {
        statements.set(statement.id, statement);
        if (statement.verb.id === TERMINATED) terminated = true;
      }
    }
    return { ids };
  }

  function statementsResource(request: LrsRequest, method: string): LrsResponse {
    const { query } = request;
    if (method === 'GET') {
      const id = query.statementId ?? query.voidedStatementId;
      if (id !== undefined) {
        const statement = statements.get(id);
        return statement ? json(200, statement) : failure(404, m.statementNotFound);
      }
      return json(200, { statements: [...statements.values()].reverse(), more: '' });
    }
    if (method !== 'POST' && method !== 'PUT') return failure(405, m.methodNotAllowed(method, 'statements'));
    const parsed = parseJson(request.body);
    if (!parsed.ok) return failure(400, m.invalidJson);
    if (method === 'PUT') {
      const id = query.statementId;
      if (!id) return failure(400, m.statementIdRequired);
      if (!isObject(parsed.value)) return failure(400, m.statementObject);
      if (parsed.value.id !== undefined && parsed.value.id !== id) return failure(400, m.statementIdMismatch);
      const result = store([{ ...parsed.value, id }]);
      return 'error' in result ? result.error : noContent();
    }
    const result = store(Array.isArray(parsed.value) ? parsed.value : [parsed.value]);
    return 'error' in result ? result.error : json(200, result.ids);
  }

  function stateResource(request: LrsRequest, method: string): LrsResponse {
    const { activityId, agent, registration, stateId } = request.query;
    if (!activityId) return failure(400, m.activityIdRequired);
    const parsedAgent = parseJson(agent ?? '');
    if (!parsedAgent.ok || !isObject(parsedAgent.value)) return failure(400, m.agentInvalid);
    if (registration !== undefined && registration !== launch.registration)
      return failure(400, m.wrongRegistration);
    const isLaunchData = stateId === LAUNCH_DATA_STATE_ID && activityId === launch.activityId;

    if (method === 'GET') {
      if (stateId === undefined) {
        const ids = [...documents.values()].filter((d) => d.activityId === activityId).map((d) => d.stateId);
        return json(200, activityId === launch.activityId ? [LAUNCH_DATA_STATE_ID, ...ids] : ids);
      }
      if (isLaunchData) return json(200, JSON.parse(launchDataBody));
      const document = documents.get(key(activityId, stateId));
      if (!document) return failure(404, m.documentNotFound);
      return {
        status: 200,
        headers: { ...VERSION_HEADER, 'content-type': document.contentType },
        body: document.body,
      };
    }
    if (method === 'DELETE') {
      if (isLaunchData) return failure(403, m.launchDataReadOnly);
      const next = new Map(documents);
      for (const [k, d] of documents) {
        if (d.activityId === activityId && (stateId === undefined || d.stateId === stateId)) next.delete(k);
      }
      if (next.size === documents.size) return noContent();
      return replaceDocuments(next) ?? noContent();
    }
    if (method !== 'PUT' && method !== 'POST')
      return failure(405, m.methodNotAllowed(method, 'activities/state'));
    if (!stateId) return failure(400, m.stateIdRequired);
    if (isLaunchData) return failure(403, m.launchDataReadOnly);
    const contentType = request.headers['content-type'] || 'application/octet-stream';
    let body = request.body;
    const held = documents.get(key(activityId, stateId));
    if (method === 'POST') {
      // xAPI §2.3.6: POST merges the properties of two JSON objects.
      const parsed = parseJson(body);
      if (!contentType.startsWith('application/json') || !parsed.ok || !isObject(parsed.value)) {
        return failure(400, m.mergeNeedsJson);
      }
      if (held) {
        const previous = parseJson(held.body);
        if (!previous.ok || !isObject(previous.value)) return failure(400, m.mergeExistingNotJson);
        body = JSON.stringify({ ...previous.value, ...parsed.value });
      }
    }
    const document = { activityId, stateId, contentType, body };
    const checked = xapiDocumentSchema.safeParse(document);
    if (!checked.success) return failure(413, checked.error.issues[0]?.message ?? m.dataTooLarge);
    const next = new Map(documents);
    next.set(key(activityId, stateId), document);
    if (next.size > XAPI_DOCUMENTS_MAX_PER_ENTRY) {
      return failure(413, xapiMessages.tooManyDocuments);
    }
    return replaceDocuments(next) ?? noContent();
  }

  function replaceDocuments(next: Map<string, XapiDocument>): LrsResponse | null {
    const refused = commit(next, []);
    if (refused) return refused;
    documents.clear();
    for (const [k, d] of next) documents.set(k, d);
    return null;
  }

  function agentProfile(request: LrsRequest, method: string): LrsResponse {
    if (method !== 'GET') return failure(403, m.profileReadOnly);
    const { profileId } = request.query;
    if (profileId === undefined) return json(200, [LEARNER_PREFERENCES_ID]);
    if (profileId !== LEARNER_PREFERENCES_ID) return failure(404, m.documentNotFound);
    return json(200, { languagePreference: 'fr-FR', audioPreference: 'on' });
  }

  return {
    handle(request) {
      const method = request.method.toUpperCase();
      const resource = request.resource.replace(/^\/+|\/+$/g, '');
      if (resource === 'about') {
        return method === 'GET'
          ? json(200, { version: [XAPI_VERSION] })
          : failure(405, m.methodNotAllowed(method, resource));
      }
      if (resource === 'fetch') return fetchToken(method);
      if (!fetched || request.headers.authorization !== `Basic ${authToken}`)
        return failure(401, m.unauthorized);
      switch (resource) {
        case 'statements':
          return statementsResource(request, method);
        case 'activities/state':
          return stateResource(request, method);
        case 'agents/profile':
          return agentProfile(request, method);
        case 'activities/profile':
          if (method !== 'GET') return failure(403, m.methodNotAllowed(method, resource));
          return request.query.profileId === undefined ? json(200, []) : failure(404, m.documentNotFound);
        case 'activities':
          return json(200, { objectType: 'Activity', id: request.query.activityId ?? launch.activityId });
        case 'agents':
          return json(200, {
            objectType: 'Person',
            name: [launch.actor.name],
            account: [launch.actor.account],
          });
        default:
          return failure(404, m.unknownResource(resource));
      }
    },
  };
}
