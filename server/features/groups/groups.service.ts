// Rules of the groups screen: levels a caller may open, groups with progress, creation within the
// teacher's group limit (with the group's entries), deletion.

import { httpMessages } from '../../../common/messages/http.js';
import { learnerMessages } from '../../../common/messages/learner.js';
import type { GroupSummary } from '../../../common/schemas/learner.js';
import type { Db, DbKind } from '../../db/database.js';
import { conflict, notFound } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { findCallerLevel } from './group-access.js';
import {
  bumpProgressVersion,
  insertMissingActivityEntries,
  insertMissingPdfEntries,
} from './group-entries.repository.js';
import {
  countGroupsOfTeacher,
  countLevelActivities,
  deleteOwnedGroup,
  findGroupsWithProgress,
  insertGroup,
  lockTeacherGroupLimit,
} from './groups.repository.js';

async function requireLevel(db: Db, caller: Caller, levelId: number) {
  const level = await findCallerLevel(db, caller, levelId);
  if (!level) throw notFound(httpMessages.notFound);
  return level;
}

export async function listGroups(db: Db, caller: Caller, levelId: number): Promise<GroupSummary[]> {
  await requireLevel(db, caller, levelId);
  const [groups, total] = await Promise.all([
    findGroupsWithProgress(db, caller, levelId),
    countLevelActivities(db, levelId),
  ]);
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    count: Number(group.completed),
    total,
  }));
}

export async function createGroup(
  db: Db,
  kind: DbKind,
  caller: Caller,
  levelId: number,
  title: string,
): Promise<{ id: number; title: string }> {
  return db.transaction().execute(async (trx) => {
    await requireLevel(trx, caller, levelId);
    const limit = await lockTeacherGroupLimit(trx, caller.id, kind);
    if (limit !== null && (await countGroupsOfTeacher(trx, caller.id)) >= limit) {
      throw conflict(learnerMessages.groupLimitReached(limit));
    }
    const group = await insertGroup(trx, { teacherId: caller.id, levelId, title, now: new Date() });
    await insertMissingActivityEntries(trx, group.id, levelId);
    await insertMissingPdfEntries(trx, group.id, levelId);
    return group;
  });
}

export async function deleteGroup(db: Db, caller: Caller, groupId: number): Promise<void> {
  if (!(await deleteOwnedGroup(db, caller, groupId))) throw notFound(httpMessages.notFound);
}

/** Tells the group's learning-table cache that an entry's status or score changed (runtime writes). */
export function bumpGroupProgressVersion(db: Db, groupId: number): Promise<void> {
  return bumpProgressVersion(db, groupId);
}
