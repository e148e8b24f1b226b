// The xAPI shapes of cmi5 AUs and Tin Can packages: what upload recognition keeps, the launch the
// player is given, statements and state documents, and the statements a teacher reads. The
// standard's rules (its write, check and report) are in common/standards/xapi.ts.
import { z } from 'zod';
import { XAPI_DOCUMENT_MAX_CHARS, XAPI_LAUNCH_PARAMETERS_MAX_CHARS } from '../constants.js';
import { xapiMessages as m } from '../messages/xapi.js';

/** cmi5 §9.6.2: when the LMS may consider the AU satisfied. Tin Can packages have no moveOn:
 * Ardoise treats them as 'CompletedOrPassed'. */
export const cmi5MoveOnSchema = z.enum([
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
]);
export type Cmi5MoveOn = z.infer<typeof cmi5MoveOnSchema>;

/** What upload recognition found in cmi5.xml / tincan.xml (kept in the package summary). */
export const xapiPackageSchema = z.object({
  /** The AU's id in cmi5.xml (Tin Can: the launch activity's id): the statements' object id. */
  activityId: z.string(),
  moveOn: cmi5MoveOnSchema,
  /** 0–1 (cmi5 masteryScore), or null when the course sets none. */
  masteryScore: z.number().min(0).max(1).nullable(),
  /** How many AUs the course holds: Ardoise plays the first one (the summary says so when > 1). */
  auCount: z.number().int().min(1),
  /** cmi5: the AU's launchParameters from cmi5.xml (LMS.LaunchData.launchParameters), when set. */
  launchParameters: z.string().max(XAPI_LAUNCH_PARAMETERS_MAX_CHARS).optional(),
});
export type XapiPackage = z.infer<typeof xapiPackageSchema>;

/** The xAPI agent Ardoise sends as `actor`: the group playing, under the app's home page. */
export const xapiAgentSchema = z.object({
  objectType: z.literal('Agent'),
  name: z.string(),
  account: z.object({ homePage: z.string(), name: z.string() }),
});
export type XapiAgent = z.infer<typeof xapiAgentSchema>;

/** Given by GET user/activity/launch/{entryId} for cmi5 and Tin Can packages (null otherwise):
 * what the player puts on the launch URL and in LMS.LaunchData. */
export const xapiLaunchSchema = xapiPackageSchema.omit({ auCount: true }).extend({
  actor: xapiAgentSchema,
  /** A UUID that stays the same for one group entry on every device, so its state resumes. */
  registration: z.uuid(),
  launchMode: z.literal('Normal'),
});
export type XapiLaunch = z.infer<typeof xapiLaunchSchema>;

const score = z
  .object({
    scaled: z.number().min(-1).max(1).optional(),
    raw: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .loose();

/**
 * A statement as the content sent it, checked for the parts Ardoise reads (xAPI 1.0.3 §2.4): a
 * UUID id (the service worker sets one when the content did not), an actor, a verb with an IRI id,
 * an object, an optional result. Other properties are kept as sent.
 */
export const xapiStatementSchema = z
  .object({
    id: z.uuid({ error: m.statementId }),
    actor: z.record(z.string(), z.unknown(), { error: m.statementActor }),
    verb: z
      .object(
        { id: z.url({ error: m.statementVerb }), display: z.record(z.string(), z.string()).optional() },
        { error: m.statementVerb },
      )
      .loose(),
    object: z.record(z.string(), z.unknown(), { error: m.statementObject }),
    result: z
      .object({
        score: score.optional(),
        success: z.boolean().optional(),
        completion: z.boolean().optional(),
      })
      .loose()
      .optional(),
    timestamp: z.iso.datetime({ offset: true, error: m.statementTimestamp }).optional(),
  })
  .loose();
export type XapiStatement = z.infer<typeof xapiStatementSchema>;

/** One state document (activities/state): kept whole, as text with its content type. */
export const xapiDocumentSchema = z.object({
  activityId: z.string().max(2048),
  stateId: z.string().min(1).max(512),
  contentType: z.string().max(255),
  body: z.string().max(XAPI_DOCUMENT_MAX_CHARS, m.documentTooLong),
});
export type XapiDocument = z.infer<typeof xapiDocumentSchema>;

/** A statement as a teacher reads it in the group view. */
export const statementSummarySchema = z.object({
  id: z.string(),
  /** The verb's id and its display name (en-US or the first one given, else the id's last part). */
  verbId: z.string(),
  verb: z.string(),
  /** The statement's timestamp (or when Ardoise stored it). */
  at: z.string(),
  /** 0–100, or null when the statement carries no usable score. */
  scorePercent: z.number().nullable(),
  success: z.boolean().nullable(),
  completion: z.boolean().nullable(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

/** GET user/activity/statements/{entryId}: the entry's statements, newest first (at most 200). */
export const statementsResponseSchema = z.object({
  success: z.literal(true),
  statements: z.array(statementSummarySchema),
});
