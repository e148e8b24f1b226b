// Shapes of the teacher area's calls (docs/product.md#entities-and-their-fields: "Group", "Activity";
// docs/product.md#the-learning-tables-json; docs/product.md#teacher-calls).
// Activity and PDF ids in the learning table are the group's own entries (one per group × activity
// or PDF), so every later call knows the group from the id alone.
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants.js';
import { teacherAreaMessages } from '../messages/teacher-area.js';
import { packageKindSchema } from './activity-package.js';
import { textSchema } from './text.js';

export const levelSummarySchema = z.object({ id: z.number().int(), title: z.string() });
export type LevelSummary = z.infer<typeof levelSummarySchema>;

export const userLevelsResponseSchema = z.object({ res: z.array(levelSummarySchema) });
export type UserLevelsResponse = z.infer<typeof userLevelsResponseSchema>;

/** A group card: `count` activities completed out of the level's `total`. */
export const groupSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  count: z.number().int(),
  total: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupsResponseSchema = z.object({ res: z.array(groupSummarySchema) });
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;

export const createGroupBodySchema = z.object({
  title: textSchema(teacherAreaMessages.groupNameRequired)
    .trim()
    .min(1, teacherAreaMessages.groupNameRequired)
    .max(MAX_TITLE_LENGTH, teacherAreaMessages.groupNameTooLong),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

export const groupSchema = z.object({ id: z.number().int(), title: z.string() });
export type Group = z.infer<typeof groupSchema>;

export const createGroupResponseSchema = z.object({ success: z.literal(true), group: groupSchema });
/** What creategroups answers when it refuses (e.g. the teacher's group limit). */
export const createGroupRefusalSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
});

export const successResponseSchema = z.object({ success: z.literal(true) });

export const activityStatusSchema = z.enum(['pending', 'completed']);
export type ActivityStatus = z.infer<typeof activityStatusSchema>;

export const tableActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: activityStatusSchema,
  /** The last score (0–100) the activity reported through its runtime, or null. Not in the spec's
   * JSON: added beside it. */
  score: z.number().nullable(),
  /** What the package was recognised as (decides, e.g., whether it has statements to show). Not in
   * the spec's JSON: added beside it. */
  kind: packageKindSchema,
});
export type TableActivity = z.infer<typeof tableActivitySchema>;

export const tableSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  activities: z.array(tableActivitySchema),
});
export type TableSession = z.infer<typeof tableSessionSchema>;

export const tablePdfSchema = z.object({ id: z.number().int(), title: z.string() });
export type TablePdf = z.infer<typeof tablePdfSchema>;

export const tableLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sessions: z.array(tableSessionSchema),
  pdfgroups: z.array(tablePdfSchema),
});
export type TableLesson = z.infer<typeof tableLessonSchema>;

export const tablePeriodSchema = z.object({
  periodsid: z.number().int(),
  groupsid: z.number().int(),
  title: z.string(),
  groupslesson: z.array(tableLessonSchema),
});
export type TablePeriod = z.infer<typeof tablePeriodSchema>;

export const userTableResponseSchema = z.object({
  res: z.object({
    period: z.array(tablePeriodSchema),
    /** The group and its level, for the page title and the way back. */
    group: z.object({
      id: z.number().int(),
      title: z.string(),
      levelid: z.number().int(),
      leveltitle: z.string(),
    }),
  }),
});
export type UserTableResponse = z.infer<typeof userTableResponseSchema>;
