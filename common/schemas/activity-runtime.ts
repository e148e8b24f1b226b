// What an activity reports while it plays (SCORM cmi data, H5P state and result), kept per group
// entry (group × activity) like progress. The player queues each write on the device and the app
// page relays them in order; a write's id makes a replay harmless.
import { z } from 'zod';
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '../constants.js';
import { runtimeMessages as m } from '../messages/runtime.js';
import { RUNTIME_STANDARDS, type RuntimeStandard } from '../standards/kinds.js';
import { packageLaunchSchema } from './activity-package.js';
import { xapiLaunchSchema } from './xapi.js';

/** Which runtime produced the data: SCORM 1.2, SCORM 2004, H5P, or the xAPI endpoint (cmi5, Tin Can). */
export const runtimeStandardSchema = z.enum(RUNTIME_STANDARDS, {
  error: m.invalidStandard,
});
export type { RuntimeStandard };

/**
 * The runtime data, whole (each write replaces the previous one):
 * - scorm12 / scorm2004: `{ cmi: {...} }`, the cmi object as scorm-again renders it for a commit;
 * - h5p: `{ state?: string, result?: { raw: number, max: number, completed: boolean, success?: boolean } }`;
 * - cmi5 / tincan: `{ documents, statements }`.
 * Each standard's module in common/standards holds its shape, its check and caps.
 */
export const runtimeDataSchema = z.record(z.string(), z.unknown(), { error: m.invalidData });
export type RuntimeData = z.infer<typeof runtimeDataSchema>;

/** A launch is one opening of an activity on one device; its writes are numbered from 1. */
export const launchIdSchema = z
  .string({ error: m.invalidLaunchId })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, m.invalidLaunchId);

export const runtimeWriteSchema = z.object({
  launchId: launchIdSchema,
  seq: z
    .number({ error: m.invalidSeq })
    .int(m.invalidSeq)
    .min(1, m.invalidSeq)
    .max(2_147_483_647, m.invalidSeq),
  standard: runtimeStandardSchema,
  data: runtimeDataSchema,
  /** When the content reported it (device clock, ISO 8601). */
  at: z.iso.datetime({ error: m.invalidAt }),
});
export type RuntimeWrite = z.infer<typeof runtimeWriteSchema>;

/** POST user/activity/runtime/{entryId}: writes of one entry, oldest first. */
export const runtimeWritesBodySchema = z.object({
  writes: z
    .array(runtimeWriteSchema, { error: m.writesRequired })
    .min(1, m.writesRequired)
    .max(RUNTIME_WRITES_MAX_PER_REQUEST, m.tooManyWrites),
});
/** GET user/activity/runtime/{entryId}?launches=a,b: the launches whose writes the app page sent
 * without hearing the answer (the page was reloaded or closed meanwhile). */
export const launchMarksQuerySchema = z.object({
  launches: z
    .string({ error: m.launchesRequired })
    .transform((value) => [...new Set(value.split(','))])
    .pipe(
      z
        .array(launchIdSchema)
        .min(1, m.launchesRequired)
        .max(RUNTIME_WRITES_MAX_PER_REQUEST, m.tooManyLaunches),
    ),
});

/** The highest write number the server applied for each launch asked about (0: none). */
export const launchMarksResponseSchema = z.object({
  success: z.literal(true),
  launches: z.record(z.string(), z.number().int()),
});

export const runtimeWritesResponseSchema = z.object({
  success: z.literal(true),
  /** Writes newly applied (replays of writes already applied are acknowledged, not applied). */
  applied: z.number().int(),
  status: z.enum(['pending', 'completed']),
  /** 0–100 when the content reported a score. */
  score: z.number().nullable(),
});

/** The kept runtime data of one entry, loaded before a launch so that the activity resumes. */
export const runtimeStateSchema = z.object({
  standard: runtimeStandardSchema,
  data: runtimeDataSchema,
  updatedAt: z.string(),
});
export type RuntimeState = z.infer<typeof runtimeStateSchema>;

/** GET user/activity/launch/{entryId}: what the player needs before it starts the activity. */
export const activityLaunchResponseSchema = z.object({
  success: z.literal(true),
  /** The activity's name, which the app shows above the activity. */
  title: z.string(),
  package: packageLaunchSchema,
  runtime: runtimeStateSchema.nullable(),
  /** cmi5 / tincan packages: actor, registration and completion rules for the launch; else null. */
  xapi: xapiLaunchSchema.nullable(),
  /** A pupil's entry: the pass their writes to this entry are sent with, even once they signed out
   * (docs/pupils.md#la-tablette-partagée). Absent for a class's entry. */
  writePass: z.string().optional(),
});
export type ActivityLaunchResponse = z.infer<typeof activityLaunchResponseSchema>;
export type LaunchMarksResponse = z.infer<typeof launchMarksResponseSchema>;
