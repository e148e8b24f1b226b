// cmi5 and Tin Can (xAPI): content that sends statements and keeps state documents through the LRS
// endpoint the player's service worker answers. A write carries the documents (kept whole) and the
// new statements (kept per entry, each id once); cmi5's rules (§9.3, §10) over every statement the
// entry keeps about its AU decide completion and score. Pure, so the server and the player share it.
import { z } from 'zod';
import { XAPI_DOCUMENTS_MAX_PER_ENTRY, XAPI_STATEMENTS_MAX_PER_WRITE } from '../constants.js';
import { xapiMessages as m } from '../messages/xapi.js';
import {
  type Cmi5MoveOn,
  type XapiPackage,
  xapiDocumentSchema,
  xapiPackageSchema,
  xapiStatementSchema,
} from '../schemas/xapi.js';
import { child, firstIssue, type Standard, type StandardReport, scaledToPercent } from './standard.js';

/**
 * The data of a 'cmi5' or 'tincan' runtime write:
 * - `documents`: every state document of the entry, whole (a write replaces the previous set, as a
 *   SCORM write replaces the cmi object), so the state resumes on another device;
 * - `statements`: the statements sent since the previous write of the launch. The server keeps each
 *   statement id once per entry, so a replay stores nothing twice.
 * The kept runtime data (GET user/activity/launch) is `{ documents }`.
 */
export const xapiRuntimeDataSchema = z.object({
  documents: z.array(xapiDocumentSchema).max(XAPI_DOCUMENTS_MAX_PER_ENTRY, m.tooManyDocuments),
  statements: z.array(xapiStatementSchema).max(XAPI_STATEMENTS_MAX_PER_WRITE, m.tooManyStatements),
});
export type XapiRuntimeData = z.infer<typeof xapiRuntimeDataSchema>;

export const XAPI_VERBS = {
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
} as const;

/** What Ardoise reads of one statement (kept beside it by the server). */
export type StatementFacts = {
  verbId: string;
  /** The object's id ('' when the object is not an activity). */
  objectId: string;
  /** result.score.scaled, else raw within min/max; null without a usable score. */
  scoreScaled: number | null;
  success: boolean | null;
  completion: boolean | null;
};

/** The AU's rules; null activityId counts statements about any object (no package rules known). */
export type XapiRules = Pick<XapiPackage, 'moveOn' | 'masteryScore'> & { activityId: string | null };

/** The rules when the upload gave none (not expected): any object counts, either verb satisfies. */
export const ANY_AU_RULES: XapiRules = { activityId: null, moveOn: 'CompletedOrPassed', masteryScore: null };

export type XapiReport = StandardReport & {
  /** moveOn is met: the entry may be completed. */
  satisfied: boolean;
};

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The facts of a statement as sent (already shape-checked, but read defensively). */
export function statementFacts(statement: unknown): StatementFacts {
  const s = record(statement);
  const verbId = record(s?.verb)?.id;
  const objectId = record(s?.object)?.id;
  const result = record(s?.result);
  const score = record(result?.score);
  let scoreScaled = finite(score?.scaled);
  if (scoreScaled === null) {
    const raw = finite(score?.raw);
    const min = finite(score?.min) ?? 0;
    const max = finite(score?.max);
    scoreScaled = raw !== null && max !== null && max > min ? (raw - min) / (max - min) : null;
  }
  const bool = (value: unknown) => (typeof value === 'boolean' ? value : null);
  return {
    verbId: typeof verbId === 'string' ? verbId : '',
    objectId: typeof objectId === 'string' ? objectId : '',
    scoreScaled,
    success: bool(result?.success),
    completion: bool(result?.completion),
  };
}

/** The stored form of a statement's facts: booleans as 0 / 1, as the database keeps them. */
export type StoredFacts = Omit<StatementFacts, 'success' | 'completion'> & {
  success: 0 | 1 | null;
  completion: 0 | 1 | null;
};

const bit = (value: boolean | null): 0 | 1 | null => (value === null ? null : value ? 1 : 0);
const flag = (value: number | null) => (value === null ? null : value === 1);

export function storedFacts(facts: StatementFacts): StoredFacts {
  return { ...facts, success: bit(facts.success), completion: bit(facts.completion) };
}

/** The facts back from their stored form (PostgreSQL may return the score as text). */
export function factsOfStored(stored: StoredFacts): StatementFacts {
  return {
    verbId: stored.verbId,
    objectId: stored.objectId,
    scoreScaled: stored.scoreScaled === null ? null : Number(stored.scoreScaled),
    success: flag(stored.success),
    completion: flag(stored.completion),
  };
}

/** cmi5 Best Practice #15: a statement's actor is the agent given at launch, identified by the
 * same account (an Agent, no other identifier). */
export function isLaunchActor(actor: unknown, account: { homePage: string; name: string }): boolean {
  const agent = record(actor);
  if (!agent || (agent.objectType !== undefined && agent.objectType !== 'Agent')) return false;
  if (agent.mbox !== undefined || agent.mbox_sha1sum !== undefined || agent.openid !== undefined)
    return false;
  const given = record(agent.account);
  return given?.homePage === account.homePage && given?.name === account.name;
}

/** cmi5 §9.4 and Best Practice #16: a statement's object is the launched activity, or one of its
 * sub-activities, whose id extends the launched one after '/', '#' or '?' (`{activityId}/q1`). */
export function isLaunchedActivity(object: unknown, activityId: string): boolean {
  const activity = record(object);
  if (!activity || (activity.objectType !== undefined && activity.objectType !== 'Activity')) return false;
  const id = activity.id;
  if (typeof id !== 'string' || !id.startsWith(activityId)) return false;
  const rest = id.slice(activityId.length);
  return rest === '' || /[/#?]$/.test(activityId) || /^[/#?]./.test(rest);
}

const MOVE_ON: Record<Cmi5MoveOn, (completed: boolean, passed: boolean) => boolean> = {
  Completed: (completed) => completed,
  Passed: (_, passed) => passed,
  CompletedAndPassed: (completed, passed) => completed && passed,
  CompletedOrPassed: (completed, passed) => completed || passed,
  // cmi5 §9.6.3.6: satisfied as soon as the AU is launched (the first write).
  NotApplicable: () => true,
};

/** The report of an AU from its statements, oldest first (every statement kept, not one write's). */
export function deriveXapiReport(statements: StatementFacts[], rules: XapiRules): XapiReport {
  let completed = false;
  let passed = false;
  let scoreScaled: number | null = null;
  for (const facts of statements) {
    if (rules.activityId !== null && facts.objectId !== rules.activityId) continue;
    if (facts.verbId === XAPI_VERBS.completed) completed = true;
    // cmi5 §9.3.4: with a mastery score, "passed" counts only at or above it.
    if (
      facts.verbId === XAPI_VERBS.passed &&
      (rules.masteryScore === null || (facts.scoreScaled !== null && facts.scoreScaled >= rules.masteryScore))
    ) {
      passed = true;
    }
    if (facts.scoreScaled !== null) scoreScaled = facts.scoreScaled;
  }
  return {
    completed,
    passed,
    scorePercent: scaledToPercent(scoreScaled),
    satisfied: MOVE_ON[rules.moveOn](completed, passed),
  };
}

/** cmi5 and Tin Can (Tin Can packages have no moveOn: Ardoise reads them as 'CompletedOrPassed'). */
export const xapi: Standard = {
  xapiLaunch: true,
  checkWrite(data) {
    const parsed = xapiRuntimeDataSchema.safeParse(data);
    if (!parsed.success)
      return { ok: false, status: 400, message: firstIssue(parsed.error, m.xapiDataShape) };
    // The kept data is the documents; statements go to their own table.
    return {
      ok: true,
      stored: JSON.stringify({ documents: parsed.data.documents }),
      statements: parsed.data.statements,
    };
  },
  report(data) {
    const statements = child(data, 'statements');
    const facts = Array.isArray(statements) ? statements.map(statementFacts) : [];
    const { completed, passed, scorePercent } = deriveXapiReport(facts, ANY_AU_RULES);
    return { completed, passed, scorePercent };
  },
};

/** The AU's rules from the stored package summary (JSON, recognised at upload); null without. */
export function xapiPackageOfSummary(summary: string | null): XapiPackage | null {
  if (!summary) return null;
  try {
    const parsed = xapiPackageSchema.safeParse(JSON.parse(summary).xapi);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
