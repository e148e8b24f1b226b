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
