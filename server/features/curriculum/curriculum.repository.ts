// SQL of the curriculum tree: levels > periods > lessons > (sessions > activities, pdfs).
// Periods, lessons, sessions and activities keep the admin's order (position, then id): it is the
// order the learning table follows. Levels and PDFs keep creation order (id).
import { sql } from 'kysely';
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import type { TrailStep } from '../../../common/schemas/curriculum.js';
import { activitiesInTree, pdfsInTree } from '../../db/curriculum-tree.js';
import type { Db, DbKind } from '../../db/database.js';
import { countRows, hasRows } from '../../db/row-counts.js';

type Executor = Db;
const nowIso = () => new Date().toISOString();

/** The tables whose rows the admin orders, and the column naming each row's parent. */
export const orderedChildren = {
  periods: 'level_id',
  lessons: 'period_id',
  lesson_sessions: 'lesson_id',
  activities: 'session_id',
} as const;
export type OrderedTable = keyof typeof orderedChildren;

/** A new row goes after its siblings (two rows added at once may share a position: id breaks the tie). */
function nextPosition(table: OrderedTable, parentColumn: string, parentId: number) {
  return sql<number>`(select coalesce(max(position), 0) + 1 from ${sql.table(table)} where ${sql.ref(parentColumn)} = ${parentId})`;
}

/** The ids of a parent's children, in their order. */
export async function listChildIds(db: Executor, table: OrderedTable, parentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(orderedChildren[table], '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Gives the children the positions 1..n in the order of `ids` (all children of one parent). */
export async function updatePositions(db: Executor, table: OrderedTable, ids: readonly number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable(table)
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

export type ItemRow = { id: number; title: string };

// Levels
export function listLevels(db: Executor): Promise<ItemRow[]> {
  return db.selectFrom('levels').select(['id', 'title']).orderBy('id').execute();
}

export function findLevel(db: Executor, id: number): Promise<ItemRow | undefined> {
  return db.selectFrom('levels').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** How many of these level ids exist. */
export async function countExistingLevels(db: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return countRows(db.selectFrom('levels').where('id', 'in', ids));
}

export function insertLevel(db: Executor, title: string): Promise<ItemRow> {
  return db
    .insertInto('levels')
    .values({ title, created_at: nowIso() })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// Periods, lessons and sessions: nodes in their parent's order (a level's periods, a period's
// lessons, a lesson's sessions)
export type ChildTable = Exclude<OrderedTable, 'activities'>;
/** A node with the id of its parent (the level, period or lesson). */
export type ChildRow = ItemRow & { parent_id: number };

export function listChildren(db: Executor, table: ChildTable, parentId: number): Promise<ItemRow[]> {
  return db
    .selectFrom(table)
    .select(['id', 'title'])
    .where(orderedChildren[table], '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findChild(db: Executor, table: ChildTable, id: number): Promise<ChildRow | undefined> {
  return db
    .selectFrom(table)
    .select(['id', 'title', sql<number>`${sql.ref(orderedChildren[table])}`.as('parent_id')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertChild(
  db: Executor,
  table: ChildTable,
  parentId: number,
  title: string,
): Promise<ItemRow> {
  const parentColumn = orderedChildren[table];
  const row = { title, created_at: nowIso(), position: nextPosition(table, parentColumn, parentId) };
  // The parent column is picked per table, which the row's type cannot follow: every child table has
  // title, created_at, position and its parent column.
  return db
    .insertInto(table)
    .values({ ...row, [parentColumn]: parentId } as typeof row & { level_id: number })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// PDFs
export function listPdfs(db: Executor, lessonId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('pdfs')
    .select(['id', 'title'])
    .where('lesson_id', '=', lessonId)
    .orderBy('id')
    .execute();
}

export function findPdf(db: Executor, id: number) {
  return db
    .selectFrom('pdfs')
    .select(['id', 'title', 'lesson_id', 'file_key', 'size_bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertPdf(
  db: Executor,
  values: { lessonId: number; title: string; fileKey: string; sizeBytes: number },
): Promise<ItemRow> {
  return db
    .insertInto('pdfs')
    .values({
      lesson_id: values.lessonId,
      title: values.title,
      file_key: values.fileKey,
      size_bytes: values.sizeBytes,
      created_at: nowIso(),
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// Activities
/** An activity as listed, with its package summary as stored (JSON text, null = not described yet). */
export type ActivityRow = ItemRow & { package_summary: string | null };

export function listActivities(db: Executor, sessionId: number): Promise<ActivityRow[]> {
  return db
    .selectFrom('activities')
    .select(['id', 'title', 'package_summary'])
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findActivity(db: Executor, id: number) {
  return db
    .selectFrom('activities')
    .select([
      'id',
      'title',
      'session_id',
      'package_hash',
      'size_bytes',
      'package_kind',
      'package_root',
      'launch_path',
      'package_summary',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What recognition stored about a package (docs/decisions.md#files-and-activities). */
export type PackageColumns = {
  kind: PackageKind;
  root: string;
  launch: string;
  summaryJson: string;
};

const packageValues = (pkg: PackageColumns) => ({
  package_kind: pkg.kind,
  package_root: pkg.root,
  launch_path: pkg.launch,
  package_summary: pkg.summaryJson,
});

export function insertActivity(
  db: Executor,
  values: {
    sessionId: number;
    title: string;
    packageHash: string;
    sizeBytes: number;
    package: PackageColumns;
  },
): Promise<ItemRow> {
  return db
    .insertInto('activities')
    .values({
      session_id: values.sessionId,
      title: values.title,
      package_hash: values.packageHash,
      size_bytes: values.sizeBytes,
      created_at: nowIso(),
      position: nextPosition('activities', 'session_id', values.sessionId),
      ...packageValues(values.package),
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

/** The packages stored before recognition existed, one row per stored zip. */
export function listUndescribedPackages(db: Executor): Promise<Array<{ package_hash: string }>> {
  return db
    .selectFrom('activities')
    .select('package_hash')
    .distinct()
    .where('package_summary', 'is', null)
    .orderBy('package_hash')
    .execute();
}

/** Rows sharing a zip share its description. */
export async function updatePackageDescription(db: Executor, packageHash: string, pkg: PackageColumns) {
  await db
    .updateTable('activities')
    .set(packageValues(pkg))
    .where('package_hash', '=', packageHash)
    .execute();
}

/** Each kind of node below a level: its table, the table above it and the column pointing there. */
const parentOf = {
  periods: { kind: 'period', parent: 'levels', column: 'level_id' },
  lessons: { kind: 'lesson', parent: 'periods', column: 'period_id' },
  lesson_sessions: { kind: 'session', parent: 'lessons', column: 'lesson_id' },
  activities: { kind: 'activity', parent: 'lesson_sessions', column: 'session_id' },
  pdfs: { kind: 'pdf', parent: 'lessons', column: 'lesson_id' },
} as const;

/** The node and its ancestors, level first (the breadcrumb), or undefined for an unknown id. One
 * small read per step: at most five, by primary key. */
export async function findTrail(
  db: Executor,
  table: NodeTable,
  id: number,
): Promise<TrailStep[] | undefined> {
  const steps: TrailStep[] = [];
  let at: NodeTable = table;
  let atId = id;
  while (at !== 'levels') {
    const link: (typeof parentOf)[Exclude<NodeTable, 'levels'>] = parentOf[at];
    const row: { id: number; title: string; parent_id: number } | undefined = await db
      .selectFrom(at)
      .select(['id', 'title', sql<number>`${sql.ref(link.column)}`.as('parent_id')])
      .where('id', '=', atId)
      .executeTakeFirst();
    if (!row) return undefined;
    steps.unshift({ kind: link.kind, id: row.id, title: row.title });
    at = link.parent;
    atId = Number(row.parent_id);
  }
  const level = await findLevel(db, atId);
  if (!level) return undefined;
  return [{ kind: 'level', id: level.id, title: level.title }, ...steps];
}

// Renames: every node has a title; answers whether the row existed.
export type NodeTable = 'levels' | 'periods' | 'lessons' | 'lesson_sessions' | 'pdfs' | 'activities';

export async function updateTitle(
  db: Executor,
  table: NodeTable,
  id: number,
  title: string,
): Promise<boolean> {
  const result = await db.updateTable(table).set({ title }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteNode(db: Executor, table: NodeTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Each node kind that holds others, with the column pointing at its parent, top down. */
const PARENTS: ReadonlyArray<readonly [NodeTable, 'level_id' | 'period_id' | 'lesson_id' | null]> = [
  ['levels', null],
  ['periods', 'level_id'],
  ['lessons', 'period_id'],
  ['lesson_sessions', 'lesson_id'],
];

/**
 * Locks a node and every node under it that can hold others until the transaction ends
 * (PostgreSQL: FOR UPDATE, one level after the other, top down). A row added under a node takes a
 * share lock on its parent, so nothing is added under a locked subtree meanwhile: a delete that
 * then reads the files under it finds every file its cascade removes (an upload racing the delete
 * waits, then finds its parent gone and removes its own files). SQLite runs one write transaction
 * at a time already.
 */
export async function lockSubtree(db: Executor, table: NodeTable, id: number, kind: DbKind): Promise<void> {
  if (kind !== 'postgres') return;
  const start = PARENTS.findIndex(([node]) => node === table);
  if (start === -1) return; // a PDF or an activity holds nothing
  let ids = [id];
  for (const [node, parent] of PARENTS.slice(start)) {
    if (ids.length === 0) return;
    const rows = await db
      .selectFrom(node)
      .select('id')
      .where(parent && node !== table ? parent : 'id', 'in', ids)
      .forUpdate()
      .execute();
    ids = rows.map((row) => row.id);
  }
}

/** The stored files under a node, found before it is deleted: PDF keys and package hashes. */
export async function findFilesUnder(
  db: Executor,
  table: NodeTable,
  id: number,
): Promise<{ pdfKeys: string[]; packageHashes: string[] }> {
  switch (table) {
    case 'pdfs':
      return {
        pdfKeys: (await db.selectFrom('pdfs').select('file_key').where('id', '=', id).execute()).map(
          (row) => row.file_key,
        ),
        packageHashes: [],
      };
    case 'activities':
    case 'lesson_sessions': {
      // The activity itself, or every activity of the session.
      const rows = await db
        .selectFrom('activities')
        .select('package_hash')
        .where(table === 'activities' ? 'id' : 'session_id', '=', id)
        .execute();
      return { pdfKeys: [], packageHashes: rows.map((row) => row.package_hash) };
    }
  }
  // A lesson, a period or a level: what lies under it, through the tree's one join.
  const under = ({ lessons: 'le.id', periods: 'p.id', levels: 'p.level_id' } as const)[table];
  const pdfRows = await pdfsInTree(db).select('d.file_key').where(under, '=', id).execute();
  const activityRows = await activitiesInTree(db).select('a.package_hash').where(under, '=', id).execute();
  return {
    pdfKeys: pdfRows.map((row) => row.file_key),
    packageHashes: activityRows.map((row) => row.package_hash),
  };
}

export function isPdfKeyReferenced(db: Executor, fileKey: string): Promise<boolean> {
  return hasRows(db.selectFrom('pdfs').where('file_key', '=', fileKey));
}

export function isPackageReferenced(db: Executor, hash: string): Promise<boolean> {
  return hasRows(db.selectFrom('activities').where('package_hash', '=', hash));
}
