// SCORM 1.2 and SCORM 2004: the `{ cmi }` object scorm-again commits, its check (shape, the
// suspend_data cap) and its report. SCORM values arrive as strings.

import { z } from 'zod';
import { RUNTIME_SUSPEND_DATA_MAX_CHARS } from '../constants.js';
import { runtimeMessages as m } from '../messages/runtime.js';
import {
  child,
  refused,
  type Standard,
  type StandardReport,
  scaledToPercent,
  type WriteCheck,
} from './standard.js';

/** The data of a SCORM write: the cmi object as scorm-again renders it for a commit, kept whole. */
export const scormRuntimeDataSchema = z.object({ cmi: z.record(z.string(), z.unknown()) });

function checkScormWrite(data: unknown): WriteCheck {
  const parsed = scormRuntimeDataSchema.safeParse(data);
  if (!parsed.success) return refused(400, m.scormDataShape);
  const suspendData = parsed.data.cmi.suspend_data;
  if (suspendData !== undefined && typeof suspendData !== 'string') return refused(400, m.scormDataShape);
  if ((suspendData?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS) return refused(413, m.suspendDataTooLong);
  return { ok: true, stored: JSON.stringify(data), statements: [] };
}

/** SCORM 1.2: `cmi.core.lesson_status` and `cmi.core.score.raw/min/max`. 'failed' ends the
 * attempt too, so it counts as completed (not passed); the score counts once the attempt ended
 * (Captivate sets a score of 0 as it starts, and a retake would otherwise replace the last
 * attempt's score with it). */
function scorm12Report(data: unknown): StandardReport {
  const core = child(child(data, 'cmi'), 'core');
  const status = word(child(core, 'lesson_status'));
  const score = child(core, 'score');
  const raw = decimal(child(score, 'raw'));
  const min = decimal(child(score, 'min')) ?? 0;
  const max = decimal(child(score, 'max'));
  // SCORM 1.2 keeps raw within 0–100 when no max is given; a max given must make a range.
  const ratio = raw === null ? null : max === null ? raw / 100 : rangeRatio(raw, min, max);
  const completed = status === 'completed' || status === 'passed' || status === 'failed';
  return { completed, passed: status === 'passed', scorePercent: completed ? scaledToPercent(ratio) : null };
}

/** SCORM 2004: `cmi.completion_status`, `cmi.success_status`, `cmi.score.scaled` (else raw
 * within min/max); the score counts once the attempt is completed, passed or failed. */
function scorm2004Report(data: unknown): StandardReport {
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
  return { completed, passed: success === 'passed', scorePercent: decided ? scaledToPercent(ratio) : null };
}

/** raw within min/max as a 0–1 ratio; null when the range is empty or its max is 0 or below (no
 * score out of 0, nor a negative max read as a percentage). */
function rangeRatio(raw: number, min: number, max: number): number | null {
  return max > 0 && max > min ? (raw - min) / (max - min) : null;
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

export const scorm12: Standard = {
  xapiLaunch: false,
  checkWrite: checkScormWrite,
  report: scorm12Report,
};

export const scorm2004: Standard = {
  xapiLaunch: false,
  checkWrite: checkScormWrite,
  report: scorm2004Report,
};
