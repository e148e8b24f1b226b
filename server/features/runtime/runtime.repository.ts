// SQL of the runtime data: an activity entry of one of the caller's groups with its package, the
// entry's kept data, the per-launch high-water marks that make replayed writes harmless, and the
// xAPI statements the entry keeps.
import type { NotNull } from 'kysely';
import type { PackageKind } from '../../../common/standards/kinds.js';
import type { StoredFacts } from '../../../common/standards/xapi.js';
import { periodOfActivity } from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import { countRows, hasRows } from '../../db/row-counts.js';
import type { ActivityRuntimeTable } from '../../db/schema.js';
import type { Caller } from '../auth/caller.js';
import { selectOwnedEntry } from '../groups/group-access.repository.js';

export type RuntimeEntry = {
  id: number;
  group_id: number;
  status: 'pending' | 'completed';
  score: number | null;
  /** The pupil whose entry it is; null for the class's entry. */
  pupil_id: number | null;
  /** The period of its activity: what the learning table's opening rule reads. */
  period_id: number;
  package_kind: PackageKind;
  /** The PackageSummary as JSON (its `xapi` holds a cmi5 AU's rules). */
  package_summary: string | null;
};

/** The caller's entry with what a write needs; on PostgreSQL its row stays locked until the
 * transaction ends, so two requests for one entry apply their writes one after the other. */
export function findOwnedRuntimeEntry(
  db: Db,
  caller: Caller,
  entryId: number,
  lock: boolean,
): Promise<RuntimeEntry | undefined> {
  return selectOwnedEntry(db, caller, entryId)
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .select([
      'ga.id',
      'ga.group_id',
      'ga.pupil_id',
      periodOfActivity(db, 'ga.activity_id').as('period_id'),
      'ga.status',
      'ga.score',
      'a.package_kind',
      'a.package_summary',
    ])
    .$narrowType<{ period_id: NotNull }>()
    .$if(lock, (qb) => qb.forUpdate('ga'))
    .executeTakeFirst();
}

export type LaunchRow = {
  entry_id: number;
  group_id: number;
  /** Set on a pupil's own entry (docs/pupils.md). */
  pupil_id: number | null;
  group_title: string;
  activity_title: string;
  package_summary: string | null;
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
  return selectOwnedEntry(db, caller, entryId)
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .leftJoin('activity_runtime as r', 'r.entry_id', 'ga.id')
    .select([
      'ga.id as entry_id',
      'g.id as group_id',
      'ga.pupil_id',
      'g.title as group_title',
      'a.title as activity_title',
      'a.package_summary',
      'a.package_hash',
      'a.package_kind',
      'a.package_root',
      'a.launch_path',
      'r.standard',
      'r.data',
      'r.updated_at',
    ])
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

/** Whether the entry belongs to one of the caller's groups. */
export function callerOwnsEntry(db: Db, caller: Caller, entryId: number): Promise<boolean> {
  return hasRows(selectOwnedEntry(db, caller, entryId));
}

/** A statement to keep, with the facts Ardoise reads of it in their stored form. */
export type NewStatement = {
  entryId: number;
  statementId: string;
  facts: StoredFacts;
  timestamp: string;
  storedAt: string;
  statement: string;
};

/** How many statements the entry keeps, and which of `ids` it already holds. */
export async function statementCounts(
  db: Db,
  entryId: number,
  ids: string[],
): Promise<{ kept: number; known: Set<string> }> {
  const kept = await countRows(db.selectFrom('xapi_statements').where('entry_id', '=', entryId));
  const known = new Set<string>();
  // Chunks keep each statement's bound values well under both databases' limits.
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await db
      .selectFrom('xapi_statements')
      .select('statement_id')
      .where('entry_id', '=', entryId)
      .where('statement_id', 'in', ids.slice(at, at + 500))
      .execute();
    for (const row of rows) known.add(row.statement_id);
  }
  return { kept, known };
}

/** Stores the statements in order; an id the entry already holds is skipped (a replay). */
export async function insertStatements(db: Db, statements: NewStatement[]): Promise<number> {
  const rows = statements.map((s) => ({
    entry_id: s.entryId,
    statement_id: s.statementId,
    verb_id: s.facts.verbId,
    object_id: s.facts.objectId,
    timestamp: s.timestamp,
    stored_at: s.storedAt,
    score_scaled: s.facts.scoreScaled,
    success: s.facts.success,
    completion: s.facts.completion,
    statement: s.statement,
  }));
  let inserted = 0;
  for (let at = 0; at < rows.length; at += 100) {
    const result = await db
      .insertInto('xapi_statements')
      .values(rows.slice(at, at + 100))
      .onConflict((oc) => oc.columns(['entry_id', 'statement_id']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** The stored facts of a statement, as common/standards/xapi.ts reads them. */
const FACT_COLUMNS = [
  'verb_id as verbId',
  'object_id as objectId',
  'score_scaled as scoreScaled',
  'success',
  'completion',
] as const;

/** What the AU's rules read of an entry's statements, oldest first: every statement with one of
 * `verbs`, and the latest one carrying a score (about `objectId` only, when given). */
export async function selectStatementFacts(
  db: Db,
  entryId: number,
  objectId: string | null,
  verbs: string[],
): Promise<(StoredFacts & { id: number })[]> {
  const base = db
    .selectFrom('xapi_statements')
    .select(['id', ...FACT_COLUMNS])
    .where('entry_id', '=', entryId)
    .$if(objectId !== null, (qb) => qb.where('object_id', '=', objectId!));
  const verbRows = await base.where('verb_id', 'in', verbs).orderBy('id').execute();
  const scored = await base
    .where('score_scaled', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = scored && !verbRows.some((row) => row.id === scored.id) ? [...verbRows, scored] : verbRows;
  return rows.sort((a, b) => a.id - b.id);
}

/** The entry's statements, newest first. */
export function listStatements(db: Db, entryId: number, limit: number) {
  return db
    .selectFrom('xapi_statements')
    .select(['statement_id as statementId', 'timestamp', 'statement', ...FACT_COLUMNS])
    .where('entry_id', '=', entryId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
