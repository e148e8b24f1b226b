// H5P, played by Ardoise's H5P page: its content state, the result its xAPI events give, and
// optionally those statements (kept beside cmi5 / Tin Can statements for the teacher's view, not in
// the runtime data).
import { z } from 'zod';
import { RUNTIME_SUSPEND_DATA_MAX_CHARS, XAPI_STATEMENTS_MAX_PER_WRITE } from '../constants.js';
import { runtimeMessages as m } from '../messages/runtime.js';
import { xapiMessages } from '../messages/xapi.js';
import { xapiStatementSchema } from '../schemas/xapi.js';
import { decimal } from './scorm.js';
import {
  child,
  firstIssue,
  refused,
  type Standard,
  type StandardReport,
  scaledToPercent,
} from './standard.js';

/** The data of an H5P write. */
export const h5pRuntimeDataSchema = z.object({
  state: z.string().optional(),
  result: z
    .object({ raw: z.number(), max: z.number(), completed: z.boolean(), success: z.boolean().optional() })
    .optional(),
  statements: z
    .array(xapiStatementSchema)
    .max(XAPI_STATEMENTS_MAX_PER_WRITE, xapiMessages.tooManyStatements)
    .optional(),
});

/** H5P: `result` as its xAPI statements give it: `{ raw, max, completed, success? }`. */
function h5pReport(data: unknown): StandardReport {
  const result = child(data, 'result');
  const raw = decimal(child(result, 'raw'));
  const max = decimal(child(result, 'max'));
  return {
    completed: child(result, 'completed') === true,
    passed: child(result, 'success') === true,
    scorePercent: scaledToPercent(raw !== null && max !== null && max > 0 ? raw / max : null),
  };
}

export const h5p: Standard = {
  xapiLaunch: false,
  checkWrite(data) {
    const parsed = h5pRuntimeDataSchema.safeParse(data);
    if (!parsed.success) {
      const inStatements = parsed.error.issues[0]?.path[0] === 'statements';
      return refused(400, inStatements ? firstIssue(parsed.error, m.h5pDataShape) : m.h5pDataShape);
    }
    if ((parsed.data.state?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS)
      return refused(413, m.h5pStateTooLong);
    const { statements = [], ...kept } = parsed.data;
    return { ok: true, stored: JSON.stringify(statements.length > 0 ? kept : data), statements };
  },
  report: h5pReport,
};
