// Test and benchmark factories of the teacher area: a level's whole curriculum in one call, with
// real package and PDF files in the file store when asked.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';
import {
  createActivity,
  createLesson,
  createLessonSession,
  createLevel,
  createPdf,
  createPeriod,
} from '../../test/factories.js';
import { buildActivityZip, buildPdf } from '../../test/fixtures.js';

/** A level's layout: periods → lessons → sessions → number of activities; plus PDFs per lesson. */
export type LessonShape = { sessions: number[]; pdfs?: number };
export type LevelShape = LessonShape[][];

export type BuiltLevel = {
  levelId: number;
  periodIds: number[];
  /** Per period, per lesson: the lesson id, its session ids, activity ids and pdf ids in order. */
  lessons: { id: number; sessionIds: number[]; activityIds: number[][]; pdfIds: number[] }[][];
};

export async function buildLevel(
  db: Db,
  shape: LevelShape,
  options: { title?: string; packageHash?: string; pdfKey?: string } = {},
): Promise<BuiltLevel> {
  const level = await createLevel(db, options.title);
  const built: BuiltLevel = { levelId: level.id, periodIds: [], lessons: [] };
  for (const [p, lessons] of shape.entries()) {
    const period = await createPeriod(db, level.id, `Période ${p + 1}`);
    built.periodIds.push(period.id);
    const builtLessons: BuiltLevel['lessons'][number] = [];
    for (const [l, lessonShape] of lessons.entries()) {
      const lesson = await createLesson(db, period.id, `Leçon ${p + 1}.${l + 1}`);
      const entry = {
        id: lesson.id,
        sessionIds: [] as number[],
        activityIds: [] as number[][],
        pdfIds: [] as number[],
      };
      for (const [s, count] of lessonShape.sessions.entries()) {
        const session = await createLessonSession(db, lesson.id, `Séance ${s + 1}`);
        entry.sessionIds.push(session.id);
        const ids: number[] = [];
        for (let a = 0; a < count; a++) {
          const activity = await createActivity(db, session.id, {
            title: `Activité ${p + 1}.${l + 1}.${s + 1}.${a + 1}`,
            packageHash: options.packageHash,
          });
          ids.push(activity.id);
        }
        entry.activityIds.push(ids);
      }
      for (let d = 0; d < (lessonShape.pdfs ?? 0); d++) {
        const pdf = await createPdf(db, lesson.id, {
          title: `Document ${l + 1}.${d + 1}`,
          fileKey: options.pdfKey,
        });
        entry.pdfIds.push(pdf.id);
      }
      builtLessons.push(entry);
    }
    built.lessons.push(builtLessons);
  }
  return built;
}

async function writeFile(files: FileStore, key: string, bytes: Uint8Array): Promise<void> {
  await files.write(key, bytes);
}

/** Stores a package zip the way the upload flow does (by content hash) and returns the hash. */
export async function storePackage(files: FileStore, zip: Uint8Array = buildActivityZip()): Promise<string> {
  const hash = crypto.createHash('sha256').update(zip).digest('hex');
  await writeFile(files, `packages/${hash}.zip`, zip);
  return hash;
}

/** Stores a PDF by content hash and returns its key. */
export async function storePdf(files: FileStore, bytes: Uint8Array = buildPdf()): Promise<string> {
  const key = `pdfs/${crypto.createHash('sha256').update(bytes).digest('hex')}.pdf`;
  await writeFile(files, key, bytes);
  return key;
}
