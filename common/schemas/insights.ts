// Shapes of the insight calls: the dashboard's licence, activity and ranking reports, a school's
// usage, the audit log page, and a group's overview (the CSV exports are files, not JSON).
import { z } from 'zod';
import { insightsMessages as m } from '../messages/insights.js';
import { isEmail, isIsoDate } from './admin-fields.js';
import { idSchema } from './ids.js';

/** GET admin/insights/licences: active licences ending within 90 days, and past ones still marked active. */
export const licenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  endDate: z.string(),
  /** Days from today to the end date; negative once past. */
  daysLeft: z.number().int(),
});
export type Licence = z.infer<typeof licenceSchema>;
export const licencesResponseSchema = z.object({
  success: z.literal(true),
  today: z.string(),
  licences: z.array(licenceSchema),
});
export type LicencesResponse = z.infer<typeof licencesResponseSchema>;

/** GET admin/insights/activity: the last 12 weeks, and the schools ranked over the last 30 days. */
export const activityWeekSchema = z.object({
  /** Monday of the week, 'YYYY-MM-DD' (UTC). */
  weekStart: z.string(),
  completions: z.number().int(),
  activeGroups: z.number().int(),
});
export type ActivityWeek = z.infer<typeof activityWeekSchema>;
export const schoolActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  groups: z.number().int(),
  completions: z.number().int(),
  /** Completions per group, one decimal. */
  perGroup: z.number(),
});
export type SchoolActivity = z.infer<typeof schoolActivitySchema>;
export const activityResponseSchema = z.object({
  success: z.literal(true),
  weeks: z.array(activityWeekSchema),
  mostActive: z.array(schoolActivitySchema),
  leastActive: z.array(schoolActivitySchema),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/** GET admin/schoolusage/{id}: the last 30 days of one school. */
export const schoolUsageSchema = z.object({
  since: z.string(),
  teachersSignedIn: z.number().int(),
  activeGroups: z.number().int(),
  completions: z.number().int(),
});
export type SchoolUsage = z.infer<typeof schoolUsageSchema>;
export const schoolUsageResponseSchema = z.object({ success: z.literal(true), usage: schoolUsageSchema });

/** The kinds of object the audit log can be filtered by. */
export const AUDIT_ENTITIES = [
  'school',
  'teacher',
  'user',
  'level',
  'period',
  'lesson',
  'session',
  'activity',
  'pdf',
  'auth',
] as const;
export const AUDIT_PAGE_SIZE = 50;

const dateParam = z.string().trim().refine(isIsoDate, m.invalidDate);

/** GET admin/audit query: every filter optional; `before` is the id the previous page ended at. */
export const auditQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, m.invalidEmail)
      .refine((value) => value === '' || isEmail(value), m.invalidEmail)
      .optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
    before: idSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.dateRange });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPageResponse = z.infer<typeof auditPageResponseSchema>;

/** GET user/groupoverview/{groupId}: the group's activities by lesson, and completion over time. */
export const overviewStatusSchema = z.enum(['completed', 'pending', 'locked']);
export type OverviewStatus = z.infer<typeof overviewStatusSchema>;
export const overviewActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  session: z.string(),
  status: overviewStatusSchema,
  /** Null when pending, or completed before dates were kept. */
  completedAt: z.string().nullable(),
  /** 0–100 when the content reported a score. */
  score: z.number().nullable(),
});
export type OverviewActivity = z.infer<typeof overviewActivitySchema>;
export const overviewLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  period: z.string(),
  activities: z.array(overviewActivitySchema),
});
export type OverviewLesson = z.infer<typeof overviewLessonSchema>;
export const overviewPointSchema = z.object({ date: z.string(), completed: z.number().int() });
export const groupOverviewResponseSchema = z.object({
  success: z.literal(true),
  group: z.object({
    id: z.number().int(),
    title: z.string(),
    levelId: z.number().int(),
    levelTitle: z.string(),
  }),
  lessons: z.array(overviewLessonSchema),
  totals: z.object({ completed: z.number().int(), total: z.number().int(), undated: z.number().int() }),
  /** Completed activities so far, at the end of each day something was completed (undated ones first). */
  timeline: z.array(overviewPointSchema),
});
export type GroupOverviewResponse = z.infer<typeof groupOverviewResponseSchema>;
