// What an admin does with a school's pupils, and what the law asks (docs/privacy.md): the school's
// pupils, everything kept about one pupil as JSON, erasing a pupil (by an admin, or by the retention
// sweep), each with its audit entry.
import { schoolMessages } from '../../../common/messages/admin.js';
import { pupilAdminMessages } from '../../../common/messages/pupil-admin.js';
import { pupilDisplayName } from '../../../common/pupils.js';
import {
  type PupilExport,
  type PupilSignInKind,
  SCHOOL_PUPILS_PAGE_SIZE,
  type SchoolPupilsQuery,
  type SchoolPupilsResponse,
  schoolPupilsQuerySchema,
} from '../../../common/schemas/pupil-admin.js';
import type { Db } from '../../db/database.js';
import { withDatabaseLock } from '../../db/database-lock.js';
import { notFound } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  bumpGroupsProgress,
  countSchoolPupils,
  deletePupilAccount,
  deletePupilThrottle,
  emptyAuditDetailsOfPupil,
  findPupil,
  forgetSchoolPupilsRows,
  schoolExists,
  selectAssignmentsOfGroups,
  selectAuditOfPupil,
  selectEntClasses,
  selectEntriesOfPupil,
  selectExternalIdentities,
  selectGroupIdsOfPupil,
  selectGroupsOfPupils,
  selectLaunchesOfEntries,
  selectProvidersOfPupils,
  selectPupilsNotSeenSince,
  selectSchoolPupilsPage,
  selectSessionsOfPupil,
  selectStatementsOfEntries,
  selectThrottleOfPupil,
} from './pupil-admin.repository.js';

const teacherName = (row: { teacher_firstname: string; teacher_name: string }) =>
  `${row.teacher_firstname} ${row.teacher_name}`.trim();

/** The stored JSON text, parsed (kept as text if it somehow is not JSON). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const asBoolean = (value: number | null) => (value === null ? null : value === 1);

/** A school's pupils: how many, how they sign in, and one page of them (searchable). */
export async function listSchoolPupils(
  db: Db,
  schoolId: number,
  query: SchoolPupilsQuery,
): Promise<SchoolPupilsResponse> {
  if (!(await schoolExists(db, schoolId))) throw notFound(schoolMessages.notFound);
  const { q, page } = schoolPupilsQuerySchema.parse(query);
  // « Élève K7P » is how an unnamed pupil reads: searching it finds the pseudonym.
  const search = q.replace(/^élève\s+/i, '');
  const [counts, { matching, rows }] = await Promise.all([
    countSchoolPupils(db, schoolId),
    selectSchoolPupilsPage(db, schoolId, search, {
      offset: (page - 1) * SCHOOL_PUPILS_PAGE_SIZE,
      limit: SCHOOL_PUPILS_PAGE_SIZE,
    }),
  ]);
  const ids = rows.map((row) => row.id);
  const [groups, providers] = await Promise.all([
    selectGroupsOfPupils(db, ids),
    selectProvidersOfPupils(db, ids),
  ]);
  return {
    success: true,
    ...counts,
    matching,
    page,
    pageSize: SCHOOL_PUPILS_PAGE_SIZE,
    pupils: rows.map((row) => {
      const signIn: PupilSignInKind[] = [];
      if (row.picture_code !== '') signIn.push('cards');
      for (const provider of ['gar', 'cas'] as const) {
        if (providers.some((p) => p.user_id === row.id && p.provider === provider)) signIn.push(provider);
      }
      return {
        id: row.id,
        displayName: pupilDisplayName(row),
        pseudonym: row.pseudonym,
        signIn,
        groups: groups
          .filter((group) => group.pupil_id === row.id)
          .map((group) => ({
            id: group.id,
            title: group.title,
            teacherId: group.teacher_id,
            teacherName: teacherName(group),
          })),
        lastSeenAt: row.last_seen_at,
        createdAt: row.created_at,
      };
    }),
  };
}

/** Everything Ardoise keeps about one pupil (docs/privacy.md), recorded as 'pupil.export'. */
export async function exportPupil(db: Db, actorId: number, pupilId: number): Promise<PupilExport> {
  const pupil = await findPupil(db, pupilId);
  if (!pupil) throw notFound(pupilAdminMessages.notFound);
  const [identities, entClasses, groups, entries, sessions, throttle, audit] = await Promise.all([
    selectExternalIdentities(db, pupilId),
    selectEntClasses(db, pupilId),
    selectGroupsOfPupils(db, [pupilId]),
    selectEntriesOfPupil(db, pupilId),
    selectSessionsOfPupil(db, pupilId),
    selectThrottleOfPupil(db, pupilId),
    selectAuditOfPupil(db, pupilId),
  ]);
  const entryIds = entries.map((entry) => entry.id);
  const [assignments, launches, statements] = await Promise.all([
    selectAssignmentsOfGroups(
      db,
      groups.map((group) => group.id),
    ),
    selectLaunchesOfEntries(db, entryIds),
    selectStatementsOfEntries(db, entryIds),
  ]);
  const exported: PupilExport = {
    format: 'ardoise-pupil-export/1',
    exportedAt: new Date().toISOString(),
    account: {
      id: pupil.id,
      firstname: pupil.firstname,
      name: pupil.name,
      pseudonym: pupil.pseudonym,
      displayName: pupilDisplayName(pupil),
      active: pupil.active === 1,
      school:
        pupil.school_id === null
          ? null
          : { id: pupil.school_id, name: pupil.school_name ?? '', uai: pupil.school_uai ?? null },
      createdAt: pupil.created_at,
      updatedAt: pupil.updated_at,
      lastSeenAt: pupil.last_seen_at,
      signInCard: { hasCard: pupil.picture_code !== '', cardVersion: pupil.card_version },
    },
    externalIdentities: identities.map((row) => ({
      provider: row.provider,
      issuer: row.issuer,
      subject: row.subject,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    })),
    entClasses: entClasses.map((row) => ({ kind: row.kind, code: row.code, label: row.label })),
    groups: groups.map((group) => ({
      id: group.id,
      title: group.title,
      level: group.level,
      teacherName: teacherName(group),
      joinedAt: group.joined_at,
      givenActivities: assignments
        .filter((row) => row.group_id === group.id)
        .map((row) => ({
          activityId: row.activity_id,
          title: row.title,
          dueDate: row.due_date,
          givenAt: row.given_at,
        })),
    })),
    entries: entries.map((entry) => ({
      id: entry.id,
      groupId: entry.group_id,
      groupTitle: entry.group_title,
      activityId: entry.activity_id,
      activityTitle: entry.activity_title,
      status: entry.status,
      score: entry.score === null ? null : Number(entry.score),
      completedAt: entry.completed_at,
      runtime:
        entry.runtime_standard === null
          ? null
          : {
              standard: entry.runtime_standard,
              data: parsed(entry.runtime_data ?? 'null'),
              updatedAt: entry.runtime_updated_at ?? '',
            },
      launches: launches
        .filter((row) => row.entry_id === entry.id)
        .map((row) => ({ launchId: row.launch_id, lastSeq: row.last_seq })),
      statements: statements
        .filter((row) => row.entry_id === entry.id)
        .map((row) => ({
          statementId: row.statement_id,
          verbId: row.verb_id,
          objectId: row.object_id,
          timestamp: row.timestamp,
          storedAt: row.stored_at,
          scoreScaled: row.score_scaled === null ? null : Number(row.score_scaled),
          success: asBoolean(row.success),
          completion: asBoolean(row.completion),
          statement: parsed(row.statement),
        })),
    })),
    sessions: sessions.map((row) => ({ createdAt: row.created_at, expiresAt: row.expires_at })),
    signInThrottle: throttle.map((row) => ({
      failures: row.failures,
      lastFailureAt: row.last_failure_at,
      blockedUntil: row.blocked_until,
    })),
    auditLog: audit.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      byPupil: row.actor_id === pupilId,
      details: parsed(row.details),
    })),
  };
  await recordAudit(db, { actorId, action: 'pupil.export', entity: 'pupil', entityId: pupilId, details: {} });
  return exported;
}

/** A school is being deleted, and its pupils' accounts with it (the cascading keys): their audit
 * entries lose their details and their throttle entries go, as erasing each would do. Call inside
 * the deletion's transaction; returns how many pupils the school had. */
export function forgetPupilsOfSchool(db: Db, schoolId: number): Promise<number> {
  return forgetSchoolPupilsRows(db, schoolId);
}

/** Why a pupil was erased (the audit entry's only detail). */
export type EraseReason = 'admin' | 'retention';

class NotErased extends Error {}

/**
 * Erases one pupil in one transaction: the account and, through the cascading keys, everything on
 * it; their sign-in throttle entry; the details of earlier audit entries by or about them. The audit
 * log then records 'pupil.erase' with the id and the reason only. `seenBefore`: only when the pupil
 * has not been seen since (the retention sweep), else nothing happens. Returns whether it was erased.
 */
export async function erasePupilAccount(
  db: Db,
  pupilId: number,
  options: { actorId: number | null; reason: EraseReason; seenBefore?: string },
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const groupIds = await selectGroupIdsOfPupil(trx, pupilId);
      // Before the delete: the delete empties the actor of the pupil's own entries.
      await emptyAuditDetailsOfPupil(trx, pupilId);
      await deletePupilThrottle(trx, pupilId);
      if (!(await deletePupilAccount(trx, pupilId, options.seenBefore))) throw new NotErased();
      await bumpGroupsProgress(trx, groupIds);
      await recordAudit(trx, {
        actorId: options.actorId,
        action: 'pupil.erase',
        entity: 'pupil',
        entityId: pupilId,
        details: { reason: options.reason },
      });
    });
    return true;
  } catch (error) {
    if (error instanceof NotErased) return false;
    throw error;
  }
}

/** An admin erases a pupil: 404 for any id that is not a pupil's (a teacher is never erased here). */
export async function erasePupil(db: Db, actorId: number, pupilId: number): Promise<void> {
  if (!(await erasePupilAccount(db, pupilId, { actorId, reason: 'admin' }))) {
    throw notFound(pupilAdminMessages.notFound);
  }
}

const SWEEP_BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * The retention rule (PUPIL_RETENTION_DAYS): erases every pupil not seen for `retentionDays` before
 * `now`, one transaction and one audit entry ('pupil.erase', reason 'retention', no actor, no
 * personal data) per pupil. Runs under a database lock, so two instances on one database never
 * sweep at once. Returns how many pupils were erased.
 */
export async function sweepPupilRetention(
  db: Db,
  { now, retentionDays }: { now: Date; retentionDays: number },
): Promise<number> {
  const seenBefore = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return withDatabaseLock(db, 'pupil-retention', async () => {
    let erased = 0;
    for (;;) {
      const ids = await selectPupilsNotSeenSince(db, seenBefore, SWEEP_BATCH);
      for (const id of ids) {
        // Seen again since the batch was read (a sign-in): kept.
        if (await erasePupilAccount(db, id, { actorId: null, reason: 'retention', seenBefore })) erased += 1;
      }
      if (ids.length < SWEEP_BATCH) return erased;
    }
  });
}
