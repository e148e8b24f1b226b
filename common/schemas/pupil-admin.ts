// What an admin reads about a school's pupils (docs/privacy.md): the list in the school's edit
// screen, and the shape of one pupil's data export.
import { z } from 'zod';
import { idSchema } from './ids.js';

/** How a pupil can sign in: picture cards (/classe), the GAR, a school's CAS. */
export const PUPIL_SIGN_IN_KINDS = ['cards', 'gar', 'cas'] as const;
export const pupilSignInKindSchema = z.enum(PUPIL_SIGN_IN_KINDS);
export type PupilSignInKind = z.infer<typeof pupilSignInKindSchema>;

/** The list shows this many pupils a page. */
export const SCHOOL_PUPILS_PAGE_SIZE = 50;

export const schoolPupilsQuerySchema = z.object({
  /** Part of a pupil's names or pseudonym (case-insensitive); '' = every pupil. */
  q: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type SchoolPupilsQuery = z.input<typeof schoolPupilsQuerySchema>;

export const schoolPupilSchema = z.object({
  id: z.number().int(),
  /** pupilDisplayName (common/pupils.ts): their names, else « Élève » and the pseudonym. */
  displayName: z.string(),
  pseudonym: z.string(),
  signIn: z.array(pupilSignInKindSchema),
  groups: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      teacherId: z.number().int(),
      teacherName: z.string(),
    }),
  ),
  /** ISO-8601 UTC. */
  lastSeenAt: z.string(),
  createdAt: z.string(),
});
export type SchoolPupil = z.infer<typeof schoolPupilSchema>;

export const schoolPupilsResponseSchema = z.object({
  success: z.literal(true),
  /** Every pupil of the school. */
  total: z.number().int(),
  /** How many of them can sign in each way (a pupil may count in several). */
  signIn: z.object({ cards: z.number().int(), gar: z.number().int(), cas: z.number().int() }),
  /** How many match `q` (= total without one). */
  matching: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pupils: z.array(schoolPupilSchema),
});
export type SchoolPupilsResponse = z.infer<typeof schoolPupilsResponseSchema>;

export const pupilIdParamsSchema = z.object({ id: idSchema });

const json = z.unknown();

/** Everything Ardoise keeps about one pupil (GET /api/admin/pupils/:id/export). Not in it: the
 * handle standing in the email column (random, never shown nor typed: it says nothing about the
 * pupil) and the picture password itself (a credential; `signInCard.hasCard` tells there is one). */
export const pupilExportSchema = z.object({
  format: z.literal('ardoise-pupil-export/1'),
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    firstname: z.string(),
    name: z.string(),
    pseudonym: z.string(),
    displayName: z.string(),
    active: z.boolean(),
    school: z.object({ id: z.number().int(), name: z.string(), uai: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastSeenAt: z.string(),
    signInCard: z.object({ hasCard: z.boolean(), cardVersion: z.number().int() }),
  }),
  externalIdentities: z.array(
    z.object({
      provider: z.string(),
      issuer: z.string(),
      /** The GAR's pseudonymous IDO, or the CAS user. */
      subject: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  /** The ENT's classes (DIV) and groups (GRO) as the ENT last sent them. */
  entClasses: z.array(z.object({ kind: z.string(), code: z.string(), label: z.string() })),
  groups: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      level: z.string(),
      teacherName: z.string(),
      joinedAt: z.string(),
      givenActivities: z.array(
        z.object({
          activityId: z.number().int(),
          title: z.string(),
          dueDate: z.string().nullable(),
          givenAt: z.string(),
        }),
      ),
    }),
  ),
  entries: z.array(
    z.object({
      id: z.number().int(),
      groupId: z.number().int(),
      groupTitle: z.string(),
      activityId: z.number().int(),
      activityTitle: z.string(),
      status: z.enum(['pending', 'completed']),
      score: z.number().nullable(),
      completedAt: z.string().nullable(),
      runtime: z.object({ standard: z.string(), data: json, updatedAt: z.string() }).nullable(),
      launches: z.array(z.object({ launchId: z.string(), lastSeq: z.number().int() })),
      statements: z.array(
        z.object({
          statementId: z.string(),
          verbId: z.string(),
          objectId: z.string(),
          timestamp: z.string(),
          storedAt: z.string(),
          scoreScaled: z.number().nullable(),
          success: z.boolean().nullable(),
          completion: z.boolean().nullable(),
          statement: json,
        }),
      ),
    }),
  ),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
  signInThrottle: z.array(
    z.object({ failures: z.number().int(), lastFailureAt: z.string(), blockedUntil: z.string().nullable() }),
  ),
  auditLog: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      action: z.string(),
      entity: z.string(),
      entityId: z.number().int().nullable(),
      /** Whether the pupil did it (else it was done about them, by an adult or the system). */
      byPupil: z.boolean(),
      details: json,
    }),
  ),
});
export type PupilExport = z.infer<typeof pupilExportSchema>;
