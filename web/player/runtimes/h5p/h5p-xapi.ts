// What the H5P runtime page keeps of the content's xAPI statements: a `completed` or `answered`
// statement about the main content (no parent activity) that carries a result; and, for the
// teacher's view of what the content sent, every `completed` / `answered` statement as checked by
// the statement schema (with an id set: H5P sends none).
import { type XapiStatement, xapiStatementSchema } from '@/common/schemas/xapi.js';
import { randomUuid } from '../../shared/random-uuid';
import type { H5PResult } from './h5p-bridge';

const KEPT_VERBS = new Set([
  'http://adlnet.gov/expapi/verbs/completed',
  'http://adlnet.gov/expapi/verbs/answered',
]);

type Statement = {
  verb?: { id?: unknown };
  result?: { score?: { raw?: unknown; max?: unknown }; completion?: unknown; success?: unknown };
  context?: { contextActivities?: { parent?: unknown } };
};

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The result to report for `statement`, or null when it is not one to keep. */
export function resultOfStatement(statement: unknown): H5PResult | null {
  if (!statement || typeof statement !== 'object') return null;
  const { verb, result, context } = statement as Statement;
  if (typeof verb?.id !== 'string' || !KEPT_VERBS.has(verb.id)) return null;
  // Sub-content (a question inside a course presentation) names its parent: only the whole counts.
  const parent = context?.contextActivities?.parent;
  if (Array.isArray(parent) ? parent.length > 0 : parent !== undefined) return null;
  if (!result || typeof result !== 'object') return null;
  const raw = finite(result.score?.raw) ?? 0;
  const max = finite(result.score?.max) ?? 0;
  if (raw < 0 || max < 0) return null;
  const kept: H5PResult = { raw, max, completed: true };
  if (typeof result.success === 'boolean') kept.success = result.success;
  return kept;
}

/** The statement to keep beside the runtime data (an id set when it has none), or null. */
export function statementToKeep(statement: unknown): XapiStatement | null {
  if (!statement || typeof statement !== 'object') return null;
  const verb = (statement as Statement).verb?.id;
  if (typeof verb !== 'string' || !KEPT_VERBS.has(verb)) return null;
  const parsed = xapiStatementSchema.safeParse({ id: randomUuid(), ...statement });
  return parsed.success ? parsed.data : null;
}
