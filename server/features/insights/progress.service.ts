// A group's progress at a glance: activities by lesson with completed / pending / locked (the
// learning table's own locking rule), completion dates, completion over time, and the CSV exports.
import { arrangeLessons } from '../../../common/learning-rules.js';
import { httpMessages } from '../../../common/messages/http.js';
import type {
  GroupOverviewResponse,
  OverviewLesson,
  OverviewStatus,
} from '../../../common/schemas/insights.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { findCallerLevel, findOwnedGroup } from '../groups/group-access.repository.js';
import { type CsvCell, toCsv } from './csv.js';
import { type ProgressRow, selectGroupProgress, selectLevelProgress } from './progress.repository.js';

/** Splits rows already in order into runs of the same key. */
function runsBy<T>(rows: readonly T[], key: (row: T) => number): T[][] {
  const runs: T[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    if (run && key(run[0]!) === key(row)) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/** Rows (one group, table order) → lessons with each activity's status, locked ones included. */
function toLessons(rows: ProgressRow[]): OverviewLesson[] {
  return runsBy(rows, (row) => row.period_id).flatMap((periodRows) => {
    const lessons = runsBy(periodRows, (row) => row.lesson_id);
    // The table's locking rule, per period; the lesson's sessions do not matter to it.
    const arranged = arrangeLessons(
      lessons.map((lessonRows) => ({
        id: lessonRows[0]!.lesson_id,
        sessions: [{ activities: lessonRows.map((row) => ({ id: row.entry_id, status: row.status })) }],
      })),
    );
    const locked = new Set(arranged.filter((a) => a.locked).map((a) => a.lesson.id));
    return lessons.map((lessonRows): OverviewLesson => {
      const first = lessonRows[0]!;
      return {
        id: first.lesson_id,
        title: first.lesson_title,
        period: first.period_title,
        activities: lessonRows.map((row) => ({
          id: row.entry_id,
          title: row.activity_title,
          session: row.session_title,
          status: row.status === 'pending' && locked.has(row.lesson_id) ? 'locked' : row.status,
          completedAt: row.status === 'completed' ? row.completed_at : null,
          score: row.score === null ? null : Number(row.score),
        })),
      };
    });
  });
}

/** Completed activities so far at the end of each day with a completion; undated ones count from the start. */
function timeline(lessons: OverviewLesson[]) {
  const activities = lessons.flatMap((lesson) => lesson.activities).filter((a) => a.status === 'completed');
  const undated = activities.filter((a) => a.completedAt === null).length;
  const perDay = new Map<string, number>();
  for (const a of activities) {
    const day = a.completedAt?.slice(0, 10);
    if (day) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let completed = undated;
  const points = [...perDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, count]) => {
      completed += count;
      return { date, completed };
    });
  return { points, undated, completed: activities.length };
}

export async function groupOverview(db: Db, caller: Caller, groupId: number): Promise<GroupOverviewResponse> {
  const group = await findOwnedGroup(db, caller, groupId);
  if (!group) throw notFound(httpMessages.notFound);
  const lessons = toLessons(await selectGroupProgress(db, group.id));
  const { points, undated, completed } = timeline(lessons);
  const total = lessons.reduce((sum, lesson) => sum + lesson.activities.length, 0);
  return {
    success: true,
    group: { id: group.id, title: group.title, levelId: group.level_id, levelTitle: group.level_title },
    lessons,
    totals: { completed, total, undated },
    timeline: points,
  };
}

const STATUS_TEXT: Record<OverviewStatus, string> = {
  completed: 'Terminée',
  pending: 'À faire',
  locked: 'Verrouillée',
};

/** 'YYYY-MM-DD HH:MM' (UTC), which Excel reads as a date; '—' when completed before dates were kept. */
function completedCell(status: OverviewStatus, completedAt: string | null): CsvCell {
  if (status !== 'completed') return null;
  return completedAt ? `${completedAt.slice(0, 10)} ${completedAt.slice(11, 16)}` : '—';
}

const HEADER = ['Leçon', 'Séance', 'Activité', 'Statut', 'Terminée le (UTC)', 'Score'];

function csvRows(lessons: OverviewLesson[], prefix: CsvCell[] = []): CsvCell[][] {
  return lessons.flatMap((lesson) =>
    lesson.activities.map((a) => [
      ...prefix,
      lesson.title,
      a.session,
      a.title,
      STATUS_TEXT[a.status],
      completedCell(a.status, a.completedAt),
      a.score,
    ]),
  );
}

/** The group's progress as a CSV file: name and content. */
export async function groupCsv(db: Db, caller: Caller, groupId: number) {
  const group = await findOwnedGroup(db, caller, groupId);
  if (!group) throw notFound(httpMessages.notFound);
  const lessons = toLessons(await selectGroupProgress(db, group.id));
  return { filename: `groupe-${group.id}.csv`, csv: toCsv(HEADER, csvRows(lessons)) };
}

/** Every group the caller owns in the level, one after the other, as a CSV file. */
export async function levelCsv(db: Db, caller: Caller, levelId: number) {
  const level = await findCallerLevel(db, caller, levelId);
  if (!level) throw notFound(httpMessages.notFound);
  const rows = await selectLevelProgress(db, caller, level.id);
  const body = runsBy(rows, (row) => row.group_id).flatMap((groupRows) =>
    csvRows(toLessons(groupRows), [groupRows[0]!.group_title]),
  );
  return { filename: `niveau-${level.id}.csv`, csv: toCsv(['Groupe', ...HEADER], body) };
}
