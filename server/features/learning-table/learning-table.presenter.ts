// Turns the learning table's flat, ordered rows into the spec's JSON (docs/product.md#the-learning-tables-json):
// res.period[] with periodsid, groupsid, groupslesson[]; lessons with sessions[] and pdfgroups[].
import type { TableLesson, TablePeriod, TableSession } from '../../../common/schemas/teacher-area.js';
import type { ActivityRow, PdfRow } from './learning-table.repository.js';

/** Builds the periods in one pass over rows already sorted by period, lesson, session, activity.
 * Activity rows without an entry (content added a moment ago) are left out. */
export function presentPeriods(
  groupId: number,
  activityRows: ActivityRow[],
  pdfRows: PdfRow[],
): TablePeriod[] {
  const periods: TablePeriod[] = [];
  const lessonsById = new Map<number, TableLesson>();
  let period: TablePeriod | undefined;
  let lesson: TableLesson | undefined;
  let session: TableSession | undefined;

  for (const row of activityRows) {
    if (period?.periodsid !== row.period_id) {
      period = { periodsid: row.period_id, groupsid: groupId, title: row.period_title, groupslesson: [] };
      periods.push(period);
      lesson = undefined;
      session = undefined;
    }
    if (row.lesson_id === null) continue;
    if (lesson?.id !== row.lesson_id) {
      lesson = { id: row.lesson_id, title: row.lesson_title ?? '', sessions: [], pdfgroups: [] };
      lessonsById.set(lesson.id, lesson);
      period.groupslesson.push(lesson);
      session = undefined;
    }
    if (row.session_id === null) continue;
    if (session?.id !== row.session_id) {
      session = { id: row.session_id, name: row.session_title ?? '', activities: [] };
      lesson.sessions.push(session);
    }
    if (row.entry_id === null || row.status === null) continue;
    session.activities.push({
      id: row.entry_id,
      name: row.activity_title ?? '',
      status: row.status,
      score: row.score,
      kind: row.package_kind ?? 'html5',
    });
  }

  for (const pdf of pdfRows) {
    if (pdf.entry_id === null) continue;
    lessonsById.get(pdf.lesson_id)?.pdfgroups.push({ id: pdf.entry_id, title: pdf.pdf_title });
  }
  return periods;
}

/** The same rows shaped for the clickability rules: each period a list of lessons. A missing
 * entry counts as a pending activity (it is created pending on the next table load). */
export function rulePeriods(activityRows: ActivityRow[]) {
  type Lesson = { sessions: { activities: { id: number; status: 'pending' | 'completed' }[] }[] };
  const periods: Lesson[][] = [];
  let periodId: number | undefined;
  let lessonId: number | null | undefined;
  let sessionId: number | null | undefined;
  for (const row of activityRows) {
    if (row.period_id !== periodId) {
      periods.push([]);
      periodId = row.period_id;
      lessonId = undefined;
    }
    const lessons = periods[periods.length - 1]!;
    if (row.lesson_id === null) continue;
    if (row.lesson_id !== lessonId) {
      lessons.push({ sessions: [] });
      lessonId = row.lesson_id;
      sessionId = undefined;
    }
    const lesson = lessons[lessons.length - 1]!;
    if (row.session_id === null) continue;
    if (row.session_id !== sessionId) {
      lesson.sessions.push({ activities: [] });
      sessionId = row.session_id;
    }
    if (row.activity_id === null) continue;
    lesson.sessions[lesson.sessions.length - 1]!.activities.push({
      id: row.entry_id ?? -row.activity_id,
      status: row.status ?? 'pending',
    });
  }
  return periods;
}
