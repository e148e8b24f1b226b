// The audit trail: one row per admin change (who, what, when), written inside the change's transaction.
import type { Db } from '../../db/database.js';

export type AuditEntry = {
  /** The signed-in user who made the change (null for system actions). */
  actorId: number | null;
  /** Verb-first and dotted by entity, e.g. 'school.delete', 'teacher.update'. */
  action: string;
  entity: string;
  entityId: number | null;
  /** What changed, as JSON; never secrets (say `passwordChanged: true`, not the password). */
  details?: Record<string, unknown>;
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      details: JSON.stringify(entry.details ?? {}),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export type AuditFilters = {
  actorId?: number;
  entity?: string;
  /** Calendar dates 'YYYY-MM-DD' (UTC), both included. */
  from?: string;
  to?: string;
  /** The id the previous page ended at: this page starts just after it (older). */
  before?: number;
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** One page of the audit log, newest first (time, then id), with each actor's name and email.
 * Reads `limit + 1` rows to know whether an older page exists. */
export async function selectAuditPage(db: Db, filters: AuditFilters, limit: number) {
  const cursor =
    filters.before === undefined
      ? undefined
      : await db
          .selectFrom('audit_log')
          .select(['id', 'created_at'])
          .where('id', '=', filters.before)
          .executeTakeFirst();
  if (filters.before !== undefined && !cursor) return { rows: [], hasMore: false };
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'u.name as actor_name',
      'u.email as actor_email',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.details',
    ])
    .$if(filters.actorId !== undefined, (qb) => qb.where('a.actor_id', '=', filters.actorId!))
    .$if(filters.entity !== undefined, (qb) => qb.where('a.entity', '=', filters.entity!))
    .$if(filters.from !== undefined, (qb) => qb.where('a.created_at', '>=', `${filters.from}T00:00:00.000Z`))
    .$if(filters.to !== undefined, (qb) => qb.where('a.created_at', '<', nextDay(filters.to!)))
    .$if(cursor !== undefined, (qb) =>
      // The first condition alone bounds the index range; the second drops rows already shown.
      qb
        .where('a.created_at', '<=', cursor!.created_at)
        .where((eb) => eb.or([eb('a.created_at', '<', cursor!.created_at), eb('a.id', '<', cursor!.id)])),
    )
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A sign-in: 'auth.login' by the user, or 'auth.login-refused' with the email tried and the reason
 * the caller was given (never the password or the code). */
export function recordSignIn(
  db: Db,
  outcome: { userId: number; email: string } | { email: string; reason: string; status: number },
): Promise<void> {
  if ('userId' in outcome) {
    return recordAudit(db, {
      actorId: outcome.userId,
      action: 'auth.login',
      entity: 'auth',
      entityId: null,
      details: { email: outcome.email },
    });
  }
  return recordAudit(db, {
    actorId: null,
    action: 'auth.login-refused',
    entity: 'auth',
    entityId: null,
    details: { email: outcome.email.slice(0, 254), reason: outcome.reason, status: outcome.status },
  });
}
