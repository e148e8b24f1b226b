// The audit entries of one kind of row (a school, a teacher): action '<entity>.<verb>', with the row's id.
import type { Db } from '../../db/database.js';
import { recordAudit } from './audit.repository.js';

/** Records, inside the change's transaction, that `actorId` did `verb` to the `entity` row `id`. */
export function entityAudit<Verb extends string>(entity: string) {
  return (db: Db, actorId: number, verb: Verb, id: number, details: Record<string, unknown>): Promise<void> =>
    recordAudit(db, { actorId, action: `${entity}.${verb}`, entity, entityId: id, details });
}
