// SQL of the curriculum tree: levels > periods > lessons > (sessions > activities, pdfs).
// Lists keep creation order (ORDER BY id): it is the order learners follow.
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import type { Db, DbKind } from '../../db/database.js';

type Executor = Db;
const nowIso = () => new Date().toISOString();

export type ItemRow = { id: number; title: string };

// Levels
export function listLevels(db: Executor): Promise<ItemRow[]> {
  return db.selectFrom('levels').select(['id', 'title']).orderBy('id').execute();
}

export function findLevel(db: Executor, id: number): Promise<ItemRow | undefined> {
  return db.selectFrom('levels').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

export function insertLevel(db: Executor, title: string): Promise<ItemRow> {
  return db
    .insertInto('levels')
    .values({ title, created_at: nowIso() })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// Periods
export function listPeriods(db: Executor, levelId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('periods')
    .select(['id', 'title'])
    .where('level_id', '=', levelId)
    .orderBy('id')
    .execute();
}

export function findPeriod(db: Executor, id: number) {
  return db.selectFrom('periods').select(['id', 'title', 'level_id']).where('id', '=', id).executeTakeFirst();
}

export function insertPeriod(db: Executor, levelId: number, title: string): Promise<ItemRow> {
  return db
    .insertInto('periods')
    .values({ level_id: levelId, title, created_at: nowIso() })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// Lessons
export function listLessons(db: Executor, periodId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('lessons')
    .select(['id', 'title'])
    .where('period_id', '=', periodId)
    .orderBy('id')
    .execute();
}

export function findLesson(db: Executor, id: number) {
  return db
    .selectFrom('lessons')
    .select(['id', 'title', 'period_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertLesson(db: Executor, periodId: number, title: string): Promise<ItemRow> {
  return db
    .insertInto('lessons')
    .values({ period_id: periodId, title, created_at: nowIso() })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

// Sessions (a lesson's parts)
export function listSessions(db: Executor, lessonId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('lesson_sessions')
    .select(['id', 'title'])
    .where('lesson_id', '=', lessonId)
    .orderBy('id')
    .execute();
}

export function findSession(db: Executor, id: number) {
  return db
    .selectFrom('lesson_sessions')
    .select(['id', 'title', 'lesson_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertSession(db: Executor, lessonId: number, title: string): Promise<ItemRow> {
  return db
    .insertInto('lesson_sessions')
    .values({ lesson_id: lessonId, title, created_at: nowIso() })
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

/** What recognition stored about a package (DESIGN §6). */
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
  let pdfs = db.selectFrom('pdfs').innerJoin('lessons', 'lessons.id', 'pdfs.lesson_id');
  let activities = db
    .selectFrom('activities')
    .innerJoin('lesson_sessions', 'lesson_sessions.id', 'activities.session_id')
    .innerJoin('lessons', 'lessons.id', 'lesson_sessions.lesson_id');
  switch (table) {
    case 'pdfs':
      return {
        pdfKeys: (await db.selectFrom('pdfs').select('file_key').where('id', '=', id).execute()).map(
          (row) => row.file_key,
        ),
        packageHashes: [],
      };
    case 'activities':
      return {
        pdfKeys: [],
        packageHashes: (
          await db.selectFrom('activities').select('package_hash').where('id', '=', id).execute()
        ).map((row) => row.package_hash),
      };
    case 'lesson_sessions':
      return {
        pdfKeys: [],
        packageHashes: (
          await db.selectFrom('activities').select('package_hash').where('session_id', '=', id).execute()
        ).map((row) => row.package_hash),
      };
    case 'lessons':
      pdfs = pdfs.where('lessons.id', '=', id);
      activities = activities.where('lessons.id', '=', id);
      break;
    case 'periods':
      pdfs = pdfs.where('lessons.period_id', '=', id);
      activities = activities.where('lessons.period_id', '=', id);
      break;
    case 'levels':
      pdfs = pdfs.innerJoin('periods', 'periods.id', 'lessons.period_id').where('periods.level_id', '=', id);
      activities = activities
        .innerJoin('periods', 'periods.id', 'lessons.period_id')
        .where('periods.level_id', '=', id);
      break;
  }
  const pdfRows = await pdfs.select('pdfs.file_key').execute();
  const activityRows = await activities.select('activities.package_hash').execute();
  return {
    pdfKeys: pdfRows.map((row) => row.file_key),
    packageHashes: activityRows.map((row) => row.package_hash),
  };
}

export async function isPdfKeyReferenced(db: Executor, fileKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('pdfs')
    .select('id')
    .where('file_key', '=', fileKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isPackageReferenced(db: Executor, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('activities')
    .select('id')
    .where('package_hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
