// SQL of the runtime data: an activity entry of one of the caller's groups with its package, the
// entry's kept data, and the per-launch high-water marks that make replayed writes harmless.
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import type { Db } from '../../db/database.js';
import type { ActivityRuntimeTable } from '../../db/schema.js';
import type { Caller } from '../auth/caller.js';
import { callerOwnsGroup } from '../groups/group-access.js';

export type RuntimeEntry = {
  id: number;
  group_id: number;
  level_id: number;
  status: 'pending' | 'completed';
  score: number | null;
  package_kind: PackageKind;
};

/** The caller's entry with what a write needs; on PostgreSQL its row stays locked until the
 * transaction ends, so two requests for one entry apply their writes one after the other. */
export function findOwnedRuntimeEntry(
  db: Db,
  caller: Caller,
  entryId: number,
  lock: boolean,
): Promise<RuntimeEntry | undefined> {
  return db
    .selectFrom('group_activities as ga')
    .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .select(['ga.id', 'ga.group_id', 'g.level_id', 'ga.status', 'ga.score', 'a.package_kind'])
    .where('ga.id', '=', entryId)
    .where(callerOwnsGroup(caller))
    .$if(lock, (qb) => qb.forUpdate('ga'))
    .executeTakeFirst();
}

export type LaunchRow = {
  package_hash: string;
  package_kind: RuntimeEntry['package_kind'];
  package_root: string;
  launch_path: string;
  standard: ActivityRuntimeTable['standard'] | null;
  data: string | null;
  updated_at: string | null;
};

/** The caller's entry with its package and kept runtime data (null columns when none). */
export function findOwnedLaunch(db: Db, caller: Caller, entryId: number): Promise<LaunchRow | undefined> {
  return db
    .selectFrom('group_activities as ga')
    .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .leftJoin('activity_runtime as r', 'r.entry_id', 'ga.id')
    .select([
      'a.package_hash',
      'a.package_kind',
      'a.package_root',
      'a.launch_path',
      'r.standard',
      'r.data',
      'r.updated_at',
    ])
    .where('ga.id', '=', entryId)
    .where(callerOwnsGroup(caller))
    .executeTakeFirst();
}

/** The highest write number applied for each of these launches of the entry. */
export async function selectLaunchMarks(
  db: Db,
  entryId: number,
  launchIds: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('activity_runtime_launches')
    .select(['launch_id', 'last_seq'])
    .where('entry_id', '=', entryId)
    .where('launch_id', 'in', launchIds)
    .execute();
  return new Map(rows.map((row) => [row.launch_id, Number(row.last_seq)]));
}

export async function saveLaunchMark(
  db: Db,
  entryId: number,
  launchId: string,
  lastSeq: number,
): Promise<void> {
  await db
    .insertInto('activity_runtime_launches')
    .values({ entry_id: entryId, launch_id: launchId, last_seq: lastSeq })
    .onConflict((oc) => oc.columns(['entry_id', 'launch_id']).doUpdateSet({ last_seq: lastSeq }))
    .execute();
}

/** Replaces the entry's kept runtime data. */
export async function saveRuntimeData(
  db: Db,
  values: { entryId: number; standard: ActivityRuntimeTable['standard']; data: string; now: Date },
): Promise<void> {
  const row = { standard: values.standard, data: values.data, updated_at: values.now.toISOString() };
  await db
    .insertInto('activity_runtime')
    .values({ entry_id: values.entryId, ...row })
    .onConflict((oc) => oc.column('entry_id').doUpdateSet(row))
    .execute();
}

export async function saveEntryScore(db: Db, entryId: number, score: number | null): Promise<void> {
  await db.updateTable('group_activities').set({ score }).where('id', '=', entryId).execute();
}
