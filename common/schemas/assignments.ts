// The work a teacher gives a group's pupils (docs/pupils.md#le-travail-donné): give or take back an
// activity, a session or a lesson, and what each given activity's pupils did.
import { z } from 'zod';
import { assignmentMessages } from '../messages/assignments.js';
import { isIsoDate } from './admin-fields.js';
import { idSchema } from './ids.js';

/** activity: the table's activity id (the class's entry, as in /activity/{id}); session and lesson:
 * the curriculum's ids, as the table's JSON carries them. */
export const assignmentKindSchema = z.enum(['activity', 'session', 'lesson'], {
  error: assignmentMessages.invalidKind,
});

export type AssignmentKind = z.infer<typeof assignmentKindSchema>;

const dueDateSchema = z
  .string({ error: assignmentMessages.invalidDueDate })
  .refine(isIsoDate, assignmentMessages.invalidDueDate)
  .nullable();

export const giveBodySchema = z.strictObject({
  kind: assignmentKindSchema,
  id: idSchema,
  dueDate: dueDateSchema,
});
export type GiveBody = z.infer<typeof giveBodySchema>;

export const retireBodySchema = z.strictObject({ kind: assignmentKindSchema, id: idSchema });
export type RetireBody = z.infer<typeof retireBodySchema>;

export const givenActivitySchema = z.object({
  /** The curriculum's activity. */
  activityId: z.number(),
  /** The class's entry of it: the table's activity id. */
  entryId: z.number(),
  dueDate: z.string().nullable(),
  givenAt: z.string(),
  /** Pupils of the group who finished it. */
  finished: z.number(),
  /** Pupils in the group. */
  pupils: z.number(),
  /** Mean of the pupils' scores (0–100), null when none has a score. */
  meanScore: z.number().nullable(),
});
export type GivenActivity = z.infer<typeof givenActivitySchema>;

export const assignmentsResponseSchema = z.object({
  success: z.literal(true),
  assignments: z.array(givenActivitySchema),
});
export type AssignmentsResponse = z.infer<typeof assignmentsResponseSchema>;
