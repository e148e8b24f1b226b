// Rules of the curriculum tree: children need an existing parent, and deleting any node removes
// its whole subtree with the progress rows pointing into it (FK cascades) in one transaction,
// then the files nobody references any more, after the commit.
import type { FastifyBaseLogger } from 'fastify';
import { curriculumMessages as m } from '../../../common/messages/curriculum.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './curriculum.repository.js';
import { removeUnreferencedFiles } from './stored-files.js';

export type CurriculumDeps = { db: Db; files: FileStore; log: FastifyBaseLogger };

const notFoundMessage: Record<repo.NodeTable, string> = {
  levels: m.levelNotFound,
  periods: m.periodNotFound,
  lessons: m.lessonNotFound,
  lesson_sessions: m.sessionNotFound,
  pdfs: m.pdfNotFound,
  activities: m.activityNotFound,
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

/** Inserts a node and its audit entry in one transaction. */
export async function createNode(
  db: Db,
  table: repo.NodeTable,
  actorId: number,
  insert: (trx: Db) => Promise<repo.ItemRow>,
  details: Record<string, unknown> = {},
): Promise<repo.ItemRow> {
  return db.transaction().execute(async (trx) => {
    const row = await insert(trx);
    const entity = entityName[table];
    await recordAudit(trx, {
      actorId,
      action: `${entity}.create`,
      entity,
      entityId: row.id,
      details: { title: row.title, ...details },
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
    if (!(await repo.updateTitle(trx, table, id, title))) throw notFound(notFoundMessage[table]);
    const entity = entityName[table];
    await recordAudit(trx, { actorId, action: `${entity}.rename`, entity, entityId: id, details: { title } });
  });
}

export async function deleteNodeWithFiles(
  deps: CurriculumDeps,
  table: repo.NodeTable,
  id: number,
  actorId: number,
): Promise<void> {
  const refs = await deps.db.transaction().execute(async (trx) => {
    const refsUnder = await repo.findFilesUnder(trx, table, id);
    if (!(await repo.deleteNode(trx, table, id))) throw notFound(notFoundMessage[table]);
    const entity = entityName[table];
    await recordAudit(trx, {
      actorId,
      action: `${entity}.delete`,
      entity,
      entityId: id,
      details: { pdfs: refsUnder.pdfKeys.length, activities: refsUnder.packageHashes.length },
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

export async function getPeriodsOfLevel(db: Db, levelId: number) {
  const level = found(await repo.findLevel(db, levelId), 'levels');
  return { periods: await repo.listPeriods(db, levelId), levelname: level.title };
}

export async function createPeriod(db: Db, levelId: number, title: string, actorId: number) {
  found(await repo.findLevel(db, levelId), 'levels');
  return createNode(db, 'periods', actorId, (trx) => repo.insertPeriod(trx, levelId, title), { levelId });
}

export async function getLessonsOfPeriod(db: Db, periodId: number) {
  const period = found(await repo.findPeriod(db, periodId), 'periods');
  return { levelname: period.title, levelid: period.level_id, lessons: await repo.listLessons(db, periodId) };
}

export async function createLesson(db: Db, periodId: number, title: string, actorId: number) {
  found(await repo.findPeriod(db, periodId), 'periods');
  return createNode(db, 'lessons', actorId, (trx) => repo.insertLesson(trx, periodId, title), { periodId });
}

export async function getLessonContent(db: Db, lessonId: number) {
  const lesson = found(await repo.findLesson(db, lessonId), 'lessons');
  return {
    session: await repo.listSessions(db, lessonId),
    pdf: await repo.listPdfs(db, lessonId),
    lessontitle: lesson.title,
    parrentid: lesson.period_id,
  };
}

export async function createSession(db: Db, lessonId: number, title: string, actorId: number) {
  found(await repo.findLesson(db, lessonId), 'lessons');
  return createNode(db, 'lesson_sessions', actorId, (trx) => repo.insertSession(trx, lessonId, title), {
    lessonId,
  });
}

export async function getActivitiesOfSession(db: Db, sessionId: number) {
  const session = found(await repo.findSession(db, sessionId), 'lesson_sessions');
  return {
    activities: await repo.listActivities(db, sessionId),
    title: session.title,
    parentid: session.lesson_id,
  };
}
