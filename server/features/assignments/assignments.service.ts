// The work a teacher gives a group's pupils (« Donner aux élèves » / « Retirer »,
// docs/pupils.md#le-travail-donné): an activity, a session or a lesson of the group's level is given
// (each of its activities, with an optional due date) or taken back; what the pupils did of each
// given activity is counted for the learning table. Taking back hides it from the pupils; their
// entries (results) stay.
import { httpMessages } from '../../../common/messages/http.js';
import type { GiveBody, GivenActivity, RetireBody } from '../../../common/schemas/assignments.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import type { OwnedGroup } from '../groups/group-access.repository.js';
import {
  countGroupPupils,
  giveItem,
  itemExists,
  retireItem,
  selectAssignments,
} from './assignments.repository.js';

/** The group as read with the session (null: not the caller's → 404). */
function ownGroup(group: OwnedGroup | null | undefined): OwnedGroup {
  if (!group) throw notFound(httpMessages.notFound);
  return group;
}

export async function listAssignments(
  db: Db,
  known: OwnedGroup | null | undefined,
): Promise<GivenActivity[]> {
  const group = ownGroup(known);
  const [rows, pupils] = await Promise.all([selectAssignments(db, group.id), countGroupPupils(db, group.id)]);
  return rows.map((row) => ({
    activityId: row.activity_id,
    entryId: row.entry_id,
    dueDate: row.due_date,
    givenAt: row.given_at,
    finished: Number(row.finished ?? 0),
    pupils,
    meanScore: row.mean_score === null ? null : Math.round(Number(row.mean_score) * 10) / 10,
  }));
}

export async function giveToPupils(
  db: Db,
  known: OwnedGroup | null | undefined,
  body: GiveBody,
  now: Date,
): Promise<GivenActivity[]> {
  const group = ownGroup(known);
  const scope = { groupId: group.id, levelId: group.level_id };
  await db.transaction().execute(async (trx) => {
    if (!(await itemExists(trx, body, scope))) throw notFound(httpMessages.notFound);
    await giveItem(trx, body, scope, body.dueDate, now);
  });
  return listAssignments(db, group);
}

export async function retireFromPupils(
  db: Db,
  known: OwnedGroup | null | undefined,
  body: RetireBody,
): Promise<GivenActivity[]> {
  const group = ownGroup(known);
  const scope = { groupId: group.id, levelId: group.level_id };
  if (!(await itemExists(db, body, scope))) throw notFound(httpMessages.notFound);
  await retireItem(db, body, scope);
  return listAssignments(db, group);
}
