// Rules of the curriculum tree: children need an existing parent, and deleting any node removes
// its whole subtree with the progress rows pointing into it (FK cascades) in one transaction,
// then the files nobody references any more, after the commit.
import type { FastifyBaseLogger } from 'fastify';
import { curriculumMessages as m } from '../../../common/messages/curriculum.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
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

function found<T>(row: T | undefined, table: repo.NodeTable): T {
  if (row === undefined) throw notFound(notFoundMessage[table]);
  return row;
}

export async function renameNode(db: Db, table: repo.NodeTable, id: number, title: string): Promise<void> {
  if (!(await repo.updateTitle(db, table, id, title))) throw notFound(notFoundMessage[table]);
}

export async function deleteNodeWithFiles(
  deps: CurriculumDeps,
  table: repo.NodeTable,
  id: number,
): Promise<void> {
  const refs = await deps.db.transaction().execute(async (trx) => {
    const refsUnder = await repo.findFilesUnder(trx, table, id);
    if (!(await repo.deleteNode(trx, table, id))) throw notFound(notFoundMessage[table]);
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

export async function createPeriod(db: Db, levelId: number, title: string) {
  found(await repo.findLevel(db, levelId), 'levels');
  return repo.insertPeriod(db, levelId, title);
}

export async function getLessonsOfPeriod(db: Db, periodId: number) {
  const period = found(await repo.findPeriod(db, periodId), 'periods');
  return { levelname: period.title, levelid: period.level_id, lessons: await repo.listLessons(db, periodId) };
}

export async function createLesson(db: Db, periodId: number, title: string) {
  found(await repo.findPeriod(db, periodId), 'periods');
  return repo.insertLesson(db, periodId, title);
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

export async function createSession(db: Db, lessonId: number, title: string) {
  found(await repo.findLesson(db, lessonId), 'lessons');
  return repo.insertSession(db, lessonId, title);
}

export async function getActivitiesOfSession(db: Db, sessionId: number) {
  const session = found(await repo.findSession(db, sessionId), 'lesson_sessions');
  return {
    activities: await repo.listActivities(db, sessionId),
    title: session.title,
    parentid: session.lesson_id,
  };
}
