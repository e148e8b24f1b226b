// Shapes of a group's pupils' results (docs/pupils.md « Les résultats des élèves »): the grid pupils ×
// given activities, one pupil's detail with their answers, and (a file, not JSON) the CSV export.
import { z } from 'zod';

/** A given activity as the grid and the detail list it: in the learning table's order. */
export const givenActivitySchema = z.object({
  /** The activity's id (not an entry's). */
  id: z.number().int(),
  title: z.string(),
  lessonId: z.number().int(),
  lessonTitle: z.string(),
  sessionTitle: z.string(),
  /** 'YYYY-MM-DD' (« pour le … »), or null. */
  dueDate: z.string().nullable(),
});
export type GivenActivity = z.infer<typeof givenActivitySchema>;

export const pupilNameSchema = z.object({ id: z.number().int(), displayName: z.string() });
export type PupilName = z.infer<typeof pupilNameSchema>;

/** A pupil's entry of an activity: [status, score 0–100 or null, launches, last time (ISO) or null];
 * null when the pupil has no entry of it yet (not started). */
export const resultCellSchema = z
  .tuple([z.enum(['pending', 'completed']), z.number().nullable(), z.number().int(), z.string().nullable()])
  .nullable();
export type ResultCell = z.infer<typeof resultCellSchema>;

/** GET user/groups/{groupId}/results: `cells[p][a]` is pupil `pupils[p]` on activity `activities[a]`. */
export const pupilResultsResponseSchema = z.object({
  success: z.literal(true),
  group: z.object({ id: z.number().int(), title: z.string() }),
  pupils: z.array(pupilNameSchema),
  activities: z.array(givenActivitySchema),
  cells: z.array(z.array(resultCellSchema)),
});
export type PupilResultsResponse = z.infer<typeof pupilResultsResponseSchema>;

/** One SCORM interaction (1.2 `cmi.interactions.n`, 2004 likewise) as the pupil's content recorded it. */
export const interactionSchema = z.object({
  id: z.string(),
  /** SCORM's word ('choice', 'fill-in', …), or null. */
  type: z.string().nullable(),
  /** SCORM 2004's description, or null. */
  description: z.string().nullable(),
  /** The pupil's answer (1.2 student_response, 2004 learner_response), or null. */
  response: z.string().nullable(),
  /** SCORM's word ('correct', 'wrong' / 'incorrect', 'unanticipated', 'neutral') or a number, or null. */
  result: z.string().nullable(),
  /** The correct response patterns. */
  correctResponses: z.array(z.string()),
  /** 2004 timestamp or 1.2 time, as recorded, or null. */
  at: z.string().nullable(),
});
export type Interaction = z.infer<typeof interactionSchema>;

/** One xAPI statement of the pupil's entry. */
export const answerStatementSchema = z.object({
  /** The statement's id. */
  id: z.string(),
  verbId: z.string(),
  /** The verb's display (fr, en-US or the first given), else the id's last part. */
  verb: z.string(),
  objectId: z.string(),
  /** The object's definition name (fr, en-US or the first given), or null. */
  objectName: z.string().nullable(),
  success: z.boolean().nullable(),
  scorePercent: z.number().nullable(),
  /** result.response, or null. */
  response: z.string().nullable(),
  /** The statement's timestamp (else when Ardoise stored it). */
  at: z.string(),
});
export type AnswerStatement = z.infer<typeof answerStatementSchema>;

export const pupilActivityResultSchema = givenActivitySchema.extend({
  status: z.enum(['not-started', 'pending', 'completed']),
  score: z.number().nullable(),
  attempts: z.number().int(),
  lastAt: z.string().nullable(),
  interactions: z.array(interactionSchema),
  /** Newest first, at most PUPIL_STATEMENTS_LISTED per activity. */
  statements: z.array(answerStatementSchema),
});
export type PupilActivityResult = z.infer<typeof pupilActivityResultSchema>;

/** GET user/groups/{groupId}/results/{pupilId}. */
export const pupilDetailResponseSchema = z.object({
  success: z.literal(true),
  group: z.object({ id: z.number().int(), title: z.string() }),
  pupil: pupilNameSchema,
  activities: z.array(pupilActivityResultSchema),
});
export type PupilDetailResponse = z.infer<typeof pupilDetailResponseSchema>;

/** How many statements the detail lists per activity (the newest). */
export const PUPIL_STATEMENTS_LISTED = 50;
/** How many interactions it lists per activity (SCORM 2004 asks an LMS to keep at least 250). */
export const PUPIL_INTERACTIONS_LISTED = 250;
/** Longest text kept of any value the content sent (a response, a description). */
export const PUPIL_ANSWER_MAX_CHARS = 1000;
