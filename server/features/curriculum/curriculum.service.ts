// Rules of the curriculum tree: children need an existing parent, files enter through addPdf and
// addActivity, and deleting any node removes its whole subtree with the progress rows pointing
// into it (FK cascades) in one transaction, then the files nobody references any more.
import type { FastifyBaseLogger } from 'fastify';
import { curriculumMessages as m } from '../../../common/messages/curriculum.js';
import {
  type PackageKind,
  type PackageSummary,
  packageSummarySchema,
} from '../../../common/schemas/activity-package.js';
import type { Db, DbKind } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/unique-violation.js';
import { conflict, notFound } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { packageDirKey, packageZipKey, pdfKey } from '../../storage/keys.js';
import { recordAudit } from '../audit/audit.repository.js';
import { entityAudit } from '../audit/entity-audit.js';
import * as repo from './curriculum.repository.js';
import { type FileRefs, removeUnreferencedFiles, withFileLock } from './stored-files.js';

export type CurriculumDeps = { db: Db; dbKind: DbKind; files: FileStore; log: FastifyBaseLogger };
type FileDeps = Pick<CurriculumDeps, 'db' | 'files'>;

const notFoundMessage: Record<repo.NodeTable, string> = {
  levels: m.levelNotFound,
  periods: m.periodNotFound,
  lessons: m.lessonNotFound,
  lesson_sessions: m.sessionNotFound,
  pdfs: m.pdfNotFound,
  activities: m.activityNotFound,
};

/** The table each kind of node hangs from (levels are the roots). */
const parentTable: Record<repo.NodeTable, repo.NodeTable | null> = {
  levels: null,
  periods: 'levels',
  lessons: 'periods',
  lesson_sessions: 'lessons',
  pdfs: 'lessons',
  activities: 'lesson_sessions',
};

/** The audit trail's name for each kind of node. */
export const entityName: Record<repo.NodeTable, string> = {
  levels: 'level',
  periods: 'period',
  lessons: 'lesson',
  lesson_sessions: 'session',
  pdfs: 'pdf',
  activities: 'activity',
};

/** The audit entries of one kind of node: action '<entity>.<verb>', e.g. 'period.rename'. */
const auditNode = (table: repo.NodeTable) => entityAudit<'create' | 'rename' | 'delete'>(entityName[table]);

/** Inserts a node and its audit entry in one transaction; the entry keeps the parent's title, so
 * the log still reads well once the parent is renamed or deleted. */
export async function createNode(
  db: Db,
  table: repo.NodeTable,
  actorId: number,
  insert: (trx: Db) => Promise<repo.ItemRow>,
  details: Record<string, unknown> = {},
  parentId?: number,
): Promise<repo.ItemRow> {
  return db.transaction().execute(async (trx) => {
    const parent = parentTable[table];
    const row = await insert(trx).catch((error: unknown) => {
      // The parent was deleted since it was checked (by another request, on any instance).
      if (parent && isForeignKeyViolation(error)) throw notFound(notFoundMessage[parent]);
      throw error;
    });
    const parentTitle =
      parent && parentId !== undefined
        ? (await repo.findTrail(trx, parent, parentId))?.at(-1)?.title
        : undefined;
    await auditNode(table)(trx, actorId, 'create', row.id, {
      title: row.title,
      ...details,
      ...(parentTitle === undefined ? {} : { parentTitle }),
    });
    return row;
  });
}

function found<T>(row: T | undefined, table: repo.NodeTable): T {
  if (row === undefined) throw notFound(notFoundMessage[table]);
  return row;
}

export async function renameNode(
  db: Db,
  table: repo.NodeTable,
  id: number,
  title: string,
  actorId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findTrail(trx, table, id);
    if (!before || !(await repo.updateTitle(trx, table, id, title))) throw notFound(notFoundMessage[table]);
    await auditNode(table)(trx, actorId, 'rename', id, { title, previousTitle: before.at(-1)?.title });
  });
}

export async function deleteNodeWithFiles(
  deps: CurriculumDeps,
  table: repo.NodeTable,
  id: number,
  actorId: number,
): Promise<void> {
  const refs = await deps.db.transaction().execute(async (trx) => {
    // Nothing can be added under the node from here on, so the files found are all it holds.
    await repo.lockSubtree(trx, table, id, deps.dbKind);
    const trail = await repo.findTrail(trx, table, id);
    const refsUnder = await repo.findFilesUnder(trx, table, id);
    if (!trail || !(await repo.deleteNode(trx, table, id))) throw notFound(notFoundMessage[table]);
    await auditNode(table)(trx, actorId, 'delete', id, {
      title: trail.at(-1)?.title,
      parentTitle: trail.at(-2)?.title,
      pdfs: refsUnder.pdfKeys.length,
      activities: refsUnder.packageHashes.length,
    });
    return refsUnder;
  });
  try {
    await removeUnreferencedFiles(deps.db, deps.files, refs);
  } catch (error) {
    // The rows are gone for good; a file left behind is only disk space, so log it and carry on.
    deps.log.error({ err: error, table, id }, 'could not remove the files of a deleted curriculum node');
  }
}

/** The node's place in the tree (level first, the node last); 404 for an unknown id. */
async function trailOf(db: Db, table: repo.NodeTable, id: number) {
  return found(await repo.findTrail(db, table, id), table);
}

/** The parent of each child table, and the audit detail naming it. */
const childParent: Record<repo.ChildTable, { table: 'levels' | repo.ChildTable; detail: string }> = {
  periods: { table: 'levels', detail: 'levelId' },
  lessons: { table: 'periods', detail: 'periodId' },
  lesson_sessions: { table: 'lessons', detail: 'lessonId' },
};

/** Adds a period, lesson or session after its siblings; 404 for an unknown parent. */
export async function createChild(
  db: Db,
  table: repo.ChildTable,
  parentId: number,
  title: string,
  actorId: number,
) {
  const parent = childParent[table];
  found(
    parent.table === 'levels'
      ? await repo.findLevel(db, parentId)
      : await repo.findChild(db, parent.table, parentId),
    parent.table,
  );
  return createNode(
    db,
    table,
    actorId,
    (trx) => repo.insertChild(trx, table, parentId, title),
    { [parent.detail]: parentId },
    parentId,
  );
}

export async function getPeriodsOfLevel(db: Db, levelId: number) {
  const level = found(await repo.findLevel(db, levelId), 'levels');
  return {
    periods: await repo.listChildren(db, 'periods', levelId),
    levelname: level.title,
    trail: [{ kind: 'level' as const, id: level.id, title: level.title }],
  };
}

export async function getLessonsOfPeriod(db: Db, periodId: number) {
  const period = found(await repo.findChild(db, 'periods', periodId), 'periods');
  return {
    levelname: period.title,
    levelid: period.parent_id,
    lessons: await repo.listChildren(db, 'lessons', periodId),
    trail: await trailOf(db, 'periods', periodId),
  };
}

export async function getLessonContent(db: Db, lessonId: number) {
  const lesson = found(await repo.findChild(db, 'lessons', lessonId), 'lessons');
  return {
    session: await repo.listChildren(db, 'lesson_sessions', lessonId),
    pdf: await repo.listPdfs(db, lessonId),
    lessontitle: lesson.title,
    parrentid: lesson.parent_id,
    trail: await trailOf(db, 'lessons', lessonId),
  };
}

export async function getActivitiesOfSession(db: Db, sessionId: number) {
  const session = found(await repo.findChild(db, 'lesson_sessions', sessionId), 'lesson_sessions');
  const rows = await repo.listActivities(db, sessionId);
  return {
    activities: rows.map((row) => ({
      id: row.id,
      title: row.title,
      package: summaryOf(row.package_summary),
    })),
    title: session.title,
    parentid: session.parent_id,
    trail: await trailOf(db, 'lesson_sessions', sessionId),
  };
}

/** What the PDF preview shows above its frame. */
export async function getPdfDetails(db: Db, id: number) {
  const pdf = found(await repo.findPdf(db, id), 'pdfs');
  return { id: pdf.id, title: pdf.title, parentid: pdf.lesson_id, trail: await trailOf(db, 'pdfs', id) };
}

/** Puts a parent's children in the admin's order. `order` must hold every child once: a list made
 * before a child was added or deleted elsewhere is refused (409), never half applied. */
export async function reorderChildren(
  db: Db,
  table: repo.OrderedTable,
  parentId: number,
  order: readonly number[],
  actorId: number,
): Promise<void> {
  const parentTableOf = parentTable[table]!;
  await db.transaction().execute(async (trx) => {
    const parent = await repo.findTrail(trx, parentTableOf, parentId);
    if (!parent) throw notFound(notFoundMessage[parentTableOf]);
    const current = await repo.listChildIds(trx, table, parentId);
    const wanted = new Set(order);
    if (
      wanted.size !== order.length ||
      current.length !== order.length ||
      current.some((id) => !wanted.has(id))
    ) {
      throw conflict(m.reorderMismatch);
    }
    await repo.updatePositions(trx, table, order);
    const entity = entityName[parentTableOf];
    await recordAudit(trx, {
      actorId,
      action: `${entityName[table]}.reorder`,
      entity,
      entityId: parentId,
      details: { parentTitle: parent.at(-1)?.title, count: order.length },
    });
  });
}

/** A PDF's stored key and title (the admin's preview stream), or undefined. */
export function findPdfFile(db: Db, id: number) {
  return repo.findPdf(db, id);
}

/** An activity's package hash (the content origin's preview files), or undefined. */
export function findActivityFiles(db: Db, id: number) {
  return repo.findActivity(db, id);
}

/** What the admin preview needs: the summary and where the unpacked package starts. */
export async function getActivityPackage(db: Db, id: number) {
  const activity = found(await repo.findActivity(db, id), 'activities');
  return {
    id: activity.id,
    title: activity.title,
    parentid: activity.session_id,
    package: summaryOf(activity.package_summary),
    kind: activity.package_kind,
    launch: activity.launch_path,
    trail: await trailOf(db, 'activities', id),
  };
}

/** The stored summary, or null while the start-up step has not described the package yet. */
function summaryOf(json: string | null): PackageSummary | null {
  if (json === null) return null;
  try {
    const parsed = packageSummarySchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A received file, checked and ready to move into the store. */
type NewFile = { tempPath: string; sha256: string; size: number };
type NewChild = { parentId: number; title: string; actorId: number };
/** What upload recognition found (uploads/package-description.ts). */
export type RecognisedPackage = { kind: PackageKind; root: string; launch: string; summary: PackageSummary };

/** The one way a PDF enters a lesson: its file goes to its content-addressed key and its row is
 * inserted under the key's lock, so that a failure leaves neither a row nor a file behind. */
export async function addPdf(deps: FileDeps, pdf: NewChild & { file: NewFile }): Promise<repo.ItemRow> {
  const key = pdfKey(pdf.file.sha256);
  return withFileLock(key, () =>
    storeThenInsert(
      deps,
      { pdfKeys: [key], packageHashes: [] },
      () => deps.files.putFile(pdf.file.tempPath, key),
      () =>
        createNode(
          deps.db,
          'pdfs',
          pdf.actorId,
          (trx) =>
            repo.insertPdf(trx, {
              lessonId: pdf.parentId,
              title: pdf.title,
              fileKey: key,
              sizeBytes: pdf.file.size,
            }),
          { lessonId: pdf.parentId, sizeBytes: pdf.file.size },
          pdf.parentId,
        ),
    ),
  );
}

/** The one way an activity enters a session: the zip and its unpacked copy go to their keys and
 * the row (with what the package was recognised as) is inserted, all under the zip key's lock. */
export async function addActivity(
  deps: FileDeps,
  activity: NewChild & { file: NewFile; unpackedDir: string; package: RecognisedPackage },
): Promise<repo.ItemRow> {
  const { file } = activity;
  const hash = file.sha256;
  return withFileLock(packageZipKey(hash), () =>
    storeThenInsert(
      deps,
      { pdfKeys: [], packageHashes: [hash] },
      async () => {
        // A copy no row uses may be a folder half removed by a process killed mid-delete: it is
        // replaced, never kept (the local store keeps a copy already in place).
        await removeUnreferencedFiles(
          deps.db,
          deps.files,
          { pdfKeys: [], packageHashes: [hash] },
          { locked: true },
        );
        // The unpacked copy first: a stored zip means its copy is complete.
        await deps.files.putFolder(activity.unpackedDir, packageDirKey(hash));
        await deps.files.putFile(file.tempPath, packageZipKey(hash));
      },
      () =>
        createNode(
          deps.db,
          'activities',
          activity.actorId,
          (trx) =>
            repo.insertActivity(trx, {
              sessionId: activity.parentId,
              title: activity.title,
              packageHash: hash,
              sizeBytes: file.size,
              package: packageColumns(activity.package),
            }),
          {
            sessionId: activity.parentId,
            packageHash: hash,
            sizeBytes: file.size,
            kind: activity.package.kind,
            files: activity.package.summary.files,
          },
          activity.parentId,
        ),
    ),
  );
}

/** Stores the files, then inserts their row; on any failure (the store unreachable, the insert
 * refused) removes the files no row references and rethrows. The caller holds the keys' lock. */
async function storeThenInsert<T>(
  deps: FileDeps,
  refs: FileRefs,
  store: () => Promise<void>,
  insert: () => Promise<T>,
): Promise<T> {
  try {
    await store();
    return await insert();
  } catch (error) {
    // A store that just failed may refuse this too: what it leaves is found by `npm run sweep-files`.
    await removeUnreferencedFiles(deps.db, deps.files, refs, { locked: true }).catch(() => {});
    throw error;
  }
}

export function packageColumns(pkg: RecognisedPackage): repo.PackageColumns {
  return { kind: pkg.kind, root: pkg.root, launch: pkg.launch, summaryJson: JSON.stringify(pkg.summary) };
}

/** Whether every one of these ids names a level (a school's licence, a teacher's levels). */
export async function levelsExist(db: Db, levelIds: number[]): Promise<boolean> {
  return (await repo.countExistingLevels(db, levelIds)) === levelIds.length;
}

/** Whether an upload's parent exists: a lesson (PDF) or a session (activity package). */
export async function uploadParentExists(db: Db, kind: 'pdf' | 'zip', parentId: number): Promise<boolean> {
  const parent = await repo.findChild(db, kind === 'pdf' ? 'lessons' : 'lesson_sessions', parentId);
  return parent !== undefined;
}

/** Packages stored before recognition existed (no summary yet), by content hash. */
export function listUndescribedPackages(db: Db): Promise<Array<{ package_hash: string }>> {
  return repo.listUndescribedPackages(db);
}

/** Stores what a stored package was recognised as, on every activity using it. */
export async function saveStoredPackageDescription(
  db: Db,
  hash: string,
  pkg: RecognisedPackage,
): Promise<void> {
  await repo.updatePackageDescription(db, hash, packageColumns(pkg));
}
