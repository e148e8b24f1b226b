// What every standard module in common/standards provides (the registry, index.ts, holds one per
// runtime standard), and the readers they share. Data comes from untrusted content: anything that
// does not parse reads as undefined / null, never NaN.
import type { ZodError } from 'zod';
import type { XapiStatement } from '../schemas/xapi.js';

/** What a write reports, as the facts Ardoise acts on. */
export type StandardReport = {
  completed: boolean;
  passed: boolean;
  /** 0–100 (two decimals at most), or null when the content reported no usable score. */
  scorePercent: number | null;
};

/** A write's data once checked: the text kept as the entry's runtime data and the statements it
 * carries (kept in their own table); or why it is refused (400 bad shape, 413 over a cap). */
export type WriteCheck =
  | { ok: true; stored: string; statements: XapiStatement[] }
  | { ok: false; status: 400 | 413; message: string };

export type Standard = {
  /** Launched with an xAPI actor and registration (cmi5, Tin Can): its statements must be about the
   * launch, and every statement the entry keeps about the AU decides completion and score. */
  xapiLaunch: boolean;
  /** The check of one write's data (shape and caps) and what of it is stored. */
  checkWrite(data: unknown): WriteCheck;
  /** What one write reports (xAPI: from that write's statements alone). */
  report(data: unknown): StandardReport;
};

export const refused = (status: 400 | 413, message: string): WriteCheck => ({ ok: false, status, message });

/** A property of a plain object, or undefined for anything else. */
export function child(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A 0–1 ratio as a percentage clamped to 0–100, two decimals at most. */
export function scaledToPercent(ratio: number | null): number | null {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 10_000) / 100;
}

/** The first problem zod found, in the schema's words; `shape` when the data is not even shaped. */
export function firstIssue(error: ZodError, shape: string): string {
  const issue = error.issues[0];
  if (!issue || (issue.path.length <= 1 && issue.code === 'invalid_type')) return shape;
  return issue.message;
}
