// cmi5's rules (§9.3, §10) over the statements an AU sent, as the facts Ardoise acts on: completed,
// passed (at or above the mastery score when the AU has one), the latest score, and whether moveOn
// is satisfied. Pure, so the server (over every statement kept for an entry) and the player can
// share it. Statements come from untrusted content: anything unusable gives false / null.
import type { Cmi5MoveOn, XapiPackage } from './schemas/xapi.js';

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

export type XapiReport = {
  completed: boolean;
  passed: boolean;
  /** 0–100 (two decimals at most), or null when no statement about the AU carried a score. */
  scorePercent: number | null;
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

/** A 0–1 ratio as a percentage clamped to 0–100, two decimals at most. */
export function scaledToPercent(ratio: number | null): number | null {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 10_000) / 100;
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
