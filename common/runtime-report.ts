// Reads what an activity reported (SCORM cmi data, H5P result) as the facts Ardoise acts on:
// completed, passed, and a score out of 100. SCORM values arrive as strings and the data comes
// from untrusted content: anything that does not parse gives false / null, never NaN.
import type { RuntimeStandard } from './schemas/activity-runtime.js';
import { deriveXapiReport, statementFacts, type XapiRules } from './xapi-report.js';

export type RuntimeReport = {
  completed: boolean;
  passed: boolean;
  /** 0–100 (two decimals at most), or null when the content reported no usable score. SCORM: only
   * once the attempt has an outcome (Captivate sets a score of 0 as it starts, and a retake would
   * otherwise replace the last attempt's score with it). */
  scorePercent: number | null;
};

/** What one write reports. cmi5 / Tin Can: from that write's statements alone, about the AU when
 * `rules` are given (the server applies common/xapi-report.ts to every statement of the entry). */
export function deriveRuntimeReport(
  standard: RuntimeStandard,
  data: unknown,
  rules?: XapiRules,
): RuntimeReport {
  if (standard === 'scorm12') return scorm12Report(data);
  if (standard === 'scorm2004') return scorm2004Report(data);
  if (standard === 'cmi5' || standard === 'tincan') {
    const statements = child(data, 'statements');
    const facts = Array.isArray(statements) ? statements.map(statementFacts) : [];
    const { completed, passed, scorePercent } = deriveXapiReport(
      facts,
      rules ?? { activityId: null, moveOn: 'CompletedOrPassed', masteryScore: null },
    );
    return { completed, passed, scorePercent };
  }
  return h5pReport(data);
}

/** SCORM 1.2: `cmi.core.lesson_status` and `cmi.core.score.raw/min/max`. 'failed' ends the
 * attempt too, so it counts as completed (not passed); the score counts once the attempt ended. */
function scorm12Report(data: unknown): RuntimeReport {
  const core = child(child(data, 'cmi'), 'core');
  const status = word(child(core, 'lesson_status'));
  const score = child(core, 'score');
  const raw = decimal(child(score, 'raw'));
  const min = decimal(child(score, 'min')) ?? 0;
  const max = decimal(child(score, 'max'));
  // SCORM 1.2 keeps raw within 0–100 when no max is given; a max given must make a range.
  const ratio = raw === null ? null : max === null ? raw / 100 : rangeRatio(raw, min, max);
  const completed = status === 'completed' || status === 'passed' || status === 'failed';
  return { completed, passed: status === 'passed', scorePercent: completed ? toPercent(ratio) : null };
}

/** SCORM 2004: `cmi.completion_status`, `cmi.success_status`, `cmi.score.scaled` (else raw
 * within min/max); the score counts once the attempt is completed, passed or failed. */
function scorm2004Report(data: unknown): RuntimeReport {
  const cmi = child(data, 'cmi');
  const score = child(cmi, 'score');
  let ratio = decimal(child(score, 'scaled'));
  if (ratio === null) {
    const raw = decimal(child(score, 'raw'));
    const min = decimal(child(score, 'min')) ?? 0;
    const max = decimal(child(score, 'max'));
    ratio = raw !== null && max !== null ? rangeRatio(raw, min, max) : null;
  }
  const completed = word(child(cmi, 'completion_status')) === 'completed';
  const success = word(child(cmi, 'success_status'));
  const decided = completed || success === 'passed' || success === 'failed';
  return { completed, passed: success === 'passed', scorePercent: decided ? toPercent(ratio) : null };
}

/** raw within min/max as a 0–1 ratio; null when the range is empty or its max is 0 or below (no
 * score out of 0, nor a negative max read as a percentage). */
function rangeRatio(raw: number, min: number, max: number): number | null {
  return max > 0 && max > min ? (raw - min) / (max - min) : null;
}

/** H5P: `result` as its xAPI statements give it: `{ raw, max, completed, success? }`. */
function h5pReport(data: unknown): RuntimeReport {
  const result = child(data, 'result');
  const raw = decimal(child(result, 'raw'));
  const max = decimal(child(result, 'max'));
  return {
    completed: child(result, 'completed') === true,
    passed: child(result, 'success') === true,
    scorePercent: toPercent(raw !== null && max !== null && max > 0 ? raw / max : null),
  };
}

/** A property of a plain object, or undefined for anything else. */
function child(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

function word(value: unknown): string | null {
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A SCORM decimal ('85', '0.8', '-1', ' 7.5 ') or a finite number; null for anything else
 * ('', 'abc', '1e400', NaN, objects). */
export function decimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A 0–1 ratio as a percentage clamped to 0–100, two decimals at most. */
function toPercent(ratio: number | null): number | null {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  const clamped = Math.min(1, Math.max(0, ratio));
  return Math.round(clamped * 10_000) / 100;
}
