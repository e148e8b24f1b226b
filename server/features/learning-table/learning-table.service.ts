// Rules of the learning table: load a group's table (creating the entries of content added since
// the group was made), mark an activity completed when the docs/product.md#states-and-transitions rules allow opening it, and
// record what an activity reported (completion, score), moving the group's progress once. Other
// features reach a group's entries through this service: the groups feature when it creates a
// group, the runtime feature for each write.
import { canOpenActivity } from '../../../common/learning-rules.js';
import { httpMessages } from '../../../common/messages/http.js';
import { teacherAreaMessages } from '../../../common/messages/teacher-area.js';
import { type UserTableResponse, userTableResponseSchema } from '../../../common/schemas/teacher-area.js';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http-error.js';
import { type PreparedJson, prepareJson } from '../../large-json.js';
import type { Caller } from '../auth/caller.js';
import { findOwnedGroup, type OwnedGroup } from '../groups/group-access.repository.js';
import { presentPeriods, rulePeriods } from './learning-table.presenter.js';
import {
  bumpProgressVersion,
  findOwnedActivityEntry,
  hasMissingPupilEntries,
  insertMissingActivityEntries,
  insertMissingPdfEntries,
  insertMissingPupilEntries,
  markEntryCompleted,
  type OwnedActivityEntry,
  type PupilActivityRow,
  saveEntryScore,
  selectActivityRows,
  selectEntryPeriodRows,
  selectPdfRows,
  selectPupilRows,
} from './learning-table.repository.js';
import type { TableCache } from './table-cache.js';

export async function loadUserTable(
  db: Db,
  caller: Caller,
  groupId: number,
): Promise<UserTableResponse['res']> {
  const group = await findOwnedGroup(db, caller, groupId);
  if (!group) throw notFound(httpMessages.notFound);
  return buildUserTable(db, group);
}

/**
 * The table ready to send, from the cache when neither the group's progress nor the curriculum
 * changed since it was built: one query then (the group with its versions, which also checks that
 * the caller may see it), read with the session by the auth hook on the route.
 */
export async function loadUserTableBody(
  db: Db,
  cache: TableCache,
  caller: Caller,
  groupId: number,
  /** The group when already read with the session (null: not the caller's); undefined: read it. */
  known?: OwnedGroup | null,
): Promise<PreparedJson> {
  const group = known === undefined ? await findOwnedGroup(db, caller, groupId) : known;
  if (!group) throw notFound(httpMessages.notFound);
  return cache.get(group.id, `${group.content_version}:${group.progress_version}`, async () =>
    prepareJson(JSON.stringify(userTableResponseSchema.encode({ res: await buildUserTable(db, group) }))),
  );
}

/**
 * The table in a constant number of queries: its activity rows and PDF rows (2). Only when the
 * level gained content since the last load: one INSERT … SELECT per kind and one more read of
 * that kind.
 */
async function buildUserTable(db: Db, group: OwnedGroup): Promise<UserTableResponse['res']> {
  let [activityRows, pdfRows] = await Promise.all([
    selectActivityRows(db, group.id, group.level_id),
    selectPdfRows(db, group.id, group.level_id),
  ]);
  const missing = {
    activities: activityRows.some((row) => row.activity_id !== null && row.entry_id === null),
    pdfs: pdfRows.some((row) => row.entry_id === null),
  };
  await addMissingEntries(db, group, missing);
  if (missing.activities) activityRows = await selectActivityRows(db, group.id, group.level_id);
  if (missing.pdfs) pdfRows = await selectPdfRows(db, group.id, group.level_id);
  return {
    period: presentPeriods(group.id, activityRows, pdfRows),
    group: { id: group.id, title: group.title, levelid: group.level_id, leveltitle: group.level_title },
  };
}

/** Marks an activity entry completed (PATCH updatePending). Idempotent; a pending activity that
 * the table would not let the teacher open (locked lesson, not the next one) is refused. */
export async function completeActivity(db: Db, caller: Caller, entryId: number, now: Date): Promise<void> {
  const entry = await findOwnedActivityEntry(db, caller, entryId);
  if (!entry) throw notFound(httpMessages.notFound);
  await refuseUnlessOpen(db, entry);
  if (await markEntryCompleted(db, entry.id, now)) await bumpProgressVersion(db, entry.group_id);
}

/**
 * Records what an activity reported on one entry (a runtime write): completed when it says so, and
 * its score; the group's progress moves once when either changed. An entry the table would not let
 * the teacher open is refused (403) whatever it reports, so the caller's transaction keeps nothing
 * of the write. A pupil's entry follows the pupil's own rule (pupilRule), and moves nothing of the
 * class's table (its cached copy stays).
 */
export async function recordActivityReport(
  db: Db,
  entry: OwnedActivityEntry & { score: number | null },
  report: { completes: boolean; score: number | null },
  now: Date,
): Promise<{ status: 'pending' | 'completed'; score: number | null }> {
  await refuseUnlessOpen(db, entry);
  const completes = report.completes && entry.status === 'pending';
  const marked = completes && (await markEntryCompleted(db, entry.id, now));
  const scored = report.score !== entry.score;
  if (scored) await saveEntryScore(db, entry.id, report.score);
  if ((marked || scored) && entry.pupil_id === null) await bumpProgressVersion(db, entry.group_id);
  return { status: completes ? 'completed' : entry.status, score: report.score };
}

/** The table's opening rule (docs/product.md#states-and-transitions), on the server: a completed entry is open; a pending one only
 * when it is the next one of an unlocked lesson, which only the lessons of its own period decide. */
async function refuseUnlessOpen(db: Db, entry: OwnedActivityEntry): Promise<void> {
  if (entry.status === 'completed') return;
  const rows =
    entry.pupil_id === null
      ? await selectEntryPeriodRows(db, entry)
      : await selectPupilRows(db, entry.group_id, entry.pupil_id);
  if (!canOpenActivity(rulePeriods(rows), entry.id))
    throw forbidden(teacherAreaMessages.notAllowedDescription);
}

/** What a pupil's space shows of one given activity: done (completed: replayable), todo (their rule
 * lets them open it) or locked. */
export type PupilEntry = PupilActivityRow & {
  entry_id: number;
  state: 'todo' | 'done' | 'locked';
};

/**
 * The pupil's rule (docs/pupils.md#lespace-de-lélève): the learning table's rule
 * (docs/product.md#states-and-transitions) over the activities given to the group only, in the
 * table's order, with the pupil's own statuses. A row without the pupil's entry (work given before
 * they joined the group, or given since their last read) gets it made here (one statement) and the
 * rows are read again, so every row has one; a read that finds them all writes nothing.
 */
export async function loadPupilEntries(db: Db, groupId: number, pupilId: number): Promise<PupilEntry[]> {
  let rows = await selectPupilRows(db, groupId, pupilId);
  if (rows.some((row) => row.entry_id === null)) {
    await insertMissingPupilEntries(db, pupilId, groupId);
    rows = await selectPupilRows(db, groupId, pupilId);
  }
  const periods = rulePeriods(rows);
  return rows.flatMap((row) => {
    if (row.entry_id === null) return []; // given a moment ago: shown on the next read
    const entry = { id: row.entry_id, status: row.status ?? 'pending' };
    const state =
      entry.status === 'completed' ? 'done' : canOpenActivity(periods, entry.id) ? 'todo' : 'locked';
    return [{ ...row, entry_id: row.entry_id, state }];
  });
}

/** Makes the pupil's missing entries of everything given to their groups (one statement), after a
 * cheap read that finds whether any is missing: most reads of the space write nothing. */
export async function addMissingPupilEntries(db: Db, pupilId: number): Promise<void> {
  if (await hasMissingPupilEntries(db, pupilId)) await insertMissingPupilEntries(db, pupilId);
}

/** Adds the group's missing entries (content added to its level since the group was made, or every
 * entry of a new group). */
export async function addMissingEntries(
  db: Db,
  group: { id: number; level_id: number },
  kinds: { activities: boolean; pdfs: boolean },
): Promise<void> {
  if (kinds.activities) await insertMissingActivityEntries(db, group.id, group.level_id);
  if (kinds.pdfs) await insertMissingPdfEntries(db, group.id, group.level_id);
}
