// Shapes of the curriculum calls (docs/product.md#entities-and-their-fields, docs/product.md#admin-calls): levels, periods, lessons, sessions, PDFs
// and activities. The title rules (docs/product.md#validation-rules) are shared by the server and the forms.
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants.js';
import { curriculumMessages as m } from '../messages/curriculum.js';
import { packageKindSchema, packageSummarySchema } from './activity-package.js';
import { idSchema } from './ids.js';
import { textSchema } from './text.js';

/** A required name: not blank once trimmed, with the spec's message. */
export const titleSchema = (emptyMessage: string) =>
  textSchema(emptyMessage).trim().min(1, emptyMessage).max(MAX_TITLE_LENGTH, m.titleTooLong);

/** A parent id in a body: missing gets its own message, a bad value the generic one. */
const parentIdSchema = (missingMessage: string) =>
  z
    .custom<unknown>((value) => value !== undefined && value !== null && value !== '', missingMessage)
    .pipe(idSchema);

export const levelTitleSchema = z.object({ title: titleSchema(m.levelNameEmpty) });
export const periodTitleSchema = z.object({ title: titleSchema(m.periodNameEmpty) });
export const lessonTitleSchema = z.object({ title: titleSchema(m.lessonNameEmpty) });
export const sessionTitleSchema = z.object({ title: titleSchema(m.sessionNameEmpty) });
export const pdfTitleSchema = z.object({ title: titleSchema(m.pdfNameEmpty) });
export const activityTitleSchema = z.object({ title: titleSchema(m.activityNameRequired) });
export type TitleInput = { title: string };

export const createPeriodSchema = z.object({
  title: titleSchema(m.periodNameEmpty),
  levelid: parentIdSchema(m.levelIdMissing),
});
/** `levelid` is the PERIOD the lesson goes in (the spec's name). */
export const createLessonSchema = z.object({
  title: titleSchema(m.lessonNameEmpty),
  levelid: parentIdSchema(m.periodIdMissing),
});
/** `id` is the lesson the session goes in. */
export const createSessionSchema = z.object({
  title: titleSchema(m.sessionNameEmpty),
  id: parentIdSchema(m.lessonIdMissing),
});

export const itemSchema = z.object({ id: z.number().int(), title: z.string() });
export type Item = z.infer<typeof itemSchema>;

export const successSchema = z.object({ success: z.boolean() });

/** One step of a node's place in the tree (the breadcrumb), level first, the node itself last. */
export const trailStepSchema = z.object({
  kind: z.enum(['level', 'period', 'lesson', 'session', 'activity', 'pdf']),
  id: z.number().int(),
  title: z.string(),
});
export type TrailStep = z.infer<typeof trailStepSchema>;
const trail = z.array(trailStepSchema);

/** PATCH admin/reorder{periods,lessons,sessions,activities}/{parentId} (ours): every child of the
 * parent, once each, in the new order. */
export const reorderSchema = z.object({
  order: z.array(idSchema).min(1, m.reorderEmpty).max(10_000, m.reorderMismatch),
});
export type ReorderInput = z.infer<typeof reorderSchema>;

export const levelsResponseSchema = z.object({ levels: z.array(itemSchema) });
export const createLevelResponseSchema = z.object({ success: z.boolean(), level: itemSchema });

export const periodsResponseSchema = z.object({
  periods: z.array(itemSchema),
  levelname: z.string(),
  trail,
});
export const createPeriodResponseSchema = z.object({ success: z.boolean(), period: itemSchema });

/** GET admin/levels/{periodId}: the period's name and its lessons; `levelid` leads back to its level. */
export const lessonsResponseSchema = z.object({
  levelname: z.string(),
  levelid: z.number().int(),
  lessons: z.array(itemSchema),
  trail,
});
export const createLessonResponseSchema = z.object({ success: z.boolean(), lesson: itemSchema });

/** GET admin/getsession/{lessonId}; `parrentid` (sic) is the lesson's period. */
export const lessonContentResponseSchema = z.object({
  session: z.array(itemSchema),
  pdf: z.array(itemSchema),
  lessontitle: z.string(),
  parrentid: z.number().int(),
  trail,
});
export const createSessionResponseSchema = z.object({ success: z.boolean(), session: itemSchema });

/** An activity in a list: beside the spec's fields, what its package was recognised as (null while
 * a package stored before recognition waits for the start-up step). */
export const activityItemSchema = itemSchema.extend({ package: packageSummarySchema.nullable() });
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** GET admin/getactivites/{sessionId}; `parentid` is the session's lesson. */
export const activitiesResponseSchema = z.object({
  activities: z.array(activityItemSchema),
  title: z.string(),
  parentid: z.number().int(),
  trail,
});

/** What POST admin/upload takes: a lesson's PDF, or a session's activity package (.zip or .h5p). */
export type UploadKind = 'pdf' | 'zip';

export const pdfUploadResponseSchema = z.object({ success: z.boolean(), newPdf: itemSchema });
export const activityUploadResponseSchema = z.object({
  success: z.boolean(),
  newfile: itemSchema,
  package: packageSummarySchema,
});

/** GET admin/activity-package/{id}: what the preview page needs (`parentid` is the session). */
export const activityPackageResponseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  parentid: z.number().int(),
  package: packageSummarySchema.nullable(),
  /** Where the preview starts: `launch` is relative to the unpacked package (its root stripped). */
  kind: packageKindSchema,
  launch: z.string(),
  trail,
});
export type ActivityPackage = z.infer<typeof activityPackageResponseSchema>;

/** GET admin/pdf-details/{id} (ours): what the PDF preview shows above its frame. */
export const pdfDetailsResponseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  parentid: z.number().int(),
  trail,
});
export type PdfDetails = z.infer<typeof pdfDetailsResponseSchema>;

/** The public client configuration: where the content origin lives. */
export const clientConfigSchema = z.object({ contentUrl: z.string() });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
/** Where the admin previews an activity's package: its folder on the package's own origin, a pass
 * in its path (`https://preview-….<content host>/content/{id}/{pass}/`). */
export const previewFolderSchema = z.object({ folder: z.string() });
