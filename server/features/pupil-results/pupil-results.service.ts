// A group's pupils' results (docs/pupils.md « Les résultats des élèves »): the grid pupils × given
// activities, one pupil's detail with their answers, and the CSV export. The group is the caller's
// own (read with the session by access.userGroup), else 404.
import { httpMessages } from '../../../common/messages/http.js';
import { pupilResultsMessages as m } from '../../../common/messages/pupil-results.js';
import { pupilDisplayName } from '../../../common/pupils.js';
import type {
  GivenActivity,
  PupilActivityResult,
  PupilDetailResponse,
  PupilName,
  PupilResultsResponse,
  ResultCell,
} from '../../../common/schemas/pupil-results.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { findOwnedGroup, type OwnedGroup } from '../groups/group-access.repository.js';
import { type CsvCell, toCsv } from '../insights/csv.js';
import { answerStatementOf, interactionsOf } from './pupil-answers.js';
import {
  type GivenActivityRow,
  type PupilEntryRow,
  type PupilRow,
  selectGivenActivities,
  selectGroupPupils,
  selectPupilEntries,
  selectPupilEntryDetails,
  selectPupilStatements,
} from './pupil-results.repository.js';

/** The caller's group: the one read with the session when the route did, else read now. */
async function ownGroup(db: Db, caller: Caller, groupId: number, known: OwnedGroup | null | undefined) {
  const group = known === undefined ? await findOwnedGroup(db, caller, groupId) : known;
  if (!group) throw notFound(httpMessages.notFound);
  return group;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Pupils by display name (French collation), ties by id. */
function sortedPupils(rows: PupilRow[]): PupilName[] {
  return rows
    .map((row) => ({ id: row.id, displayName: pupilDisplayName(row) }))
    .sort((a, b) => collator.compare(a.displayName, b.displayName) || a.id - b.id);
}

const toActivity = (row: GivenActivityRow): GivenActivity => ({
  id: row.id,
  title: row.title,
  lessonId: row.lesson_id,
  lessonTitle: row.lesson_title,
  sessionTitle: row.session_title,
  dueDate: row.due_date,
});

/** The latest of the entry's runtime data, completion and statement times (ISO text compares). */
function lastAt(entry: PupilEntryRow): string | null {
  const times = [entry.runtime_at, entry.completed_at, entry.statement_at].filter(
    (time): time is string => typeof time === 'string' && time !== '',
  );
  return times.length === 0 ? null : times.reduce((a, b) => (b > a ? b : a));
}

const toCell = (entry: PupilEntryRow | undefined): ResultCell =>
  entry ? [entry.status, entry.score, entry.attempts, lastAt(entry)] : null;

const entryKey = (pupilId: number, activityId: number) => `${pupilId}:${activityId}`;

/** The grid's parts: pupils, given activities, and each pupil's cell per activity. */
async function loadGrid(db: Db, group: OwnedGroup) {
  const [pupilRows, activityRows, entries] = await Promise.all([
    selectGroupPupils(db, group.id),
    selectGivenActivities(db, group.id),
    selectPupilEntries(db, group.id),
  ]);
  const pupils = sortedPupils(pupilRows);
  const activities = activityRows.map(toActivity);
  const byKey = new Map(entries.map((entry) => [entryKey(entry.pupil_id, entry.activity_id), entry]));
  const cells = pupils.map((pupil) =>
    activities.map((activity) => toCell(byKey.get(entryKey(pupil.id, activity.id)))),
  );
  return { pupils, activities, cells };
}

/** GET user/groups/{groupId}/results. */
export async function pupilResults(
  db: Db,
  caller: Caller,
  groupId: number,
  known: OwnedGroup | null | undefined,
): Promise<PupilResultsResponse> {
  const group = await ownGroup(db, caller, groupId, known);
  return { success: true, group: { id: group.id, title: group.title }, ...(await loadGrid(db, group)) };
}

/** GET user/groups/{groupId}/results/{pupilId}: 404 when the pupil is not in the group. */
export async function pupilDetail(
  db: Db,
  caller: Caller,
  groupId: number,
  pupilId: number,
  known: OwnedGroup | null | undefined,
): Promise<PupilDetailResponse> {
  const group = await ownGroup(db, caller, groupId, known);
  const [pupil] = await selectGroupPupils(db, group.id, pupilId);
  if (!pupil) throw notFound(httpMessages.notFound);
  const [activityRows, entries, statements] = await Promise.all([
    selectGivenActivities(db, group.id),
    selectPupilEntryDetails(db, group.id, pupil.id),
    selectPupilStatements(db, group.id, pupil.id),
  ]);
  const entryOf = new Map(entries.map((entry) => [entry.activity_id, entry]));
  const statementsOf = new Map<number, typeof statements>();
  for (const row of statements) {
    const list = statementsOf.get(row.entry_id);
    if (list) list.push(row);
    else statementsOf.set(row.entry_id, [row]);
  }
  const activities = activityRows.map((row): PupilActivityResult => {
    const entry = entryOf.get(row.id);
    return {
      ...toActivity(row),
      status: entry?.status ?? 'not-started',
      score: entry?.score ?? null,
      attempts: entry?.attempts ?? 0,
      lastAt: entry ? lastAt(entry) : null,
      interactions: entry ? interactionsOf(entry.standard, entry.data) : [],
      statements: entry ? (statementsOf.get(entry.id) ?? []).map(answerStatementOf) : [],
    };
  });
  return {
    success: true,
    group: { id: group.id, title: group.title },
    pupil: { id: pupil.id, displayName: pupilDisplayName(pupil) },
    activities,
  };
}

const STATUS_TEXT = { pending: m.statusPending, completed: m.statusCompleted } as const;

/** 'YYYY-MM-DD HH:MM' (UTC), which Excel reads as a date. */
const csvTime = (iso: string | null): CsvCell => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null);

/** GET user/groups/{groupId}/results.csv: one line per pupil × given activity. */
export async function pupilResultsCsv(
  db: Db,
  caller: Caller,
  groupId: number,
  known: OwnedGroup | null | undefined,
) {
  const group = await ownGroup(db, caller, groupId, known);
  const { pupils, activities, cells } = await loadGrid(db, group);
  const rows = pupils.flatMap((pupil, p) =>
    activities.map((activity, a): CsvCell[] => {
      const cell = cells[p]![a]!;
      return [
        pupil.displayName,
        activity.lessonTitle,
        activity.sessionTitle,
        activity.title,
        cell ? STATUS_TEXT[cell[0]] : m.statusNotStarted,
        cell ? cell[1] : null,
        cell ? cell[2] : 0,
        csvTime(cell ? cell[3] : null),
      ];
    }),
  );
  return { filename: `eleves-groupe-${group.id}.csv`, csv: toCsv(m.csvHeader, rows) };
}
