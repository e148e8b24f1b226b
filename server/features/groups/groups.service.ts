// Rules of the groups screen: levels a caller may open, groups with progress, creation within the
// teacher's group limit (with the group's entries), deletion.

import { MAX_TITLE_LENGTH } from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { teacherAreaMessages } from '../../../common/messages/teacher-area.js';
import type { CreateClassGroupsResponse, TeacherClass } from '../../../common/schemas/ent.js';
import type { GroupSummary } from '../../../common/schemas/teacher-area.js';
import type { Db, DbKind } from '../../db/database.js';
import { conflict, notFound } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { addMissingEntries } from '../learning-table/learning-table.service.js';
import { findCallerLevel } from './group-access.repository.js';
import {
  countGroupsOfTeacher,
  countLevelActivities,
  deleteOwnedGroup,
  findGroupsWithProgress,
  insertGroup,
  joinEntClassPupils,
  listGroupTitles,
  listTeacherClasses,
  lockTeacherGroupLimit,
  setGroupEntClass,
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
      throw conflict(teacherAreaMessages.groupLimitReached(limit));
    }
    const group = await insertGroup(trx, { teacherId: caller.id, levelId, title, now: new Date() });
    await addMissingEntries(trx, { id: group.id, level_id: levelId }, { activities: true, pdfs: true });
    return group;
  });
}

/** The classes the teacher's ENT sent, and whether each has its group in the level already: one
 * made for it, or one the teacher made by hand under the same name. */
async function classesInLevel(db: Db, teacherId: number, levelId: number) {
  const [classes, groups] = await Promise.all([
    listTeacherClasses(db, teacherId),
    listGroupTitles(db, teacherId, levelId),
  ]);
  const made = new Set(groups.map((group) => group.ent_class));
  const sameTitle = (title: string) =>
    groups.find((group) => group.title.trim().toLowerCase() === title.trim().toLowerCase());
  return classes.map((c) => {
    const key = `${c.kind}:${c.code}`;
    const title = c.label.slice(0, MAX_TITLE_LENGTH);
    const named = made.has(key) ? undefined : sameTitle(title);
    return {
      ...c,
      key,
      title,
      hasGroup: made.has(key) || named !== undefined,
      /** The group the teacher made by hand under the class's name, not yet tied to an ENT class. */
      adoptable: named && named.ent_class === null ? named.id : null,
    };
  });
}

export async function listClasses(db: Db, caller: Caller, levelId: number): Promise<TeacherClass[]> {
  await requireLevel(db, caller, levelId);
  return (await classesInLevel(db, caller.id, levelId)).map(({ kind, code, label, hasGroup }) => ({
    kind,
    code,
    label,
    hasGroup,
  }));
}

/** "Créer les groupes de mes classes": one group per class that has none in the level, in one
 * transaction, as far as the teacher's group limit allows; each tied to its ENT class
 * (`ent_class`), so that the pupils of that class join it (docs/ent.md, « Les élèves »). */
export async function createClassGroups(
  db: Db,
  kind: DbKind,
  caller: Caller,
  levelId: number,
): Promise<Omit<CreateClassGroupsResponse, 'success'>> {
  return db.transaction().execute(async (trx) => {
    await requireLevel(trx, caller, levelId);
    const limit = await lockTeacherGroupLimit(trx, caller.id, kind);
    const classes = await classesInLevel(trx, caller.id, levelId);
    const now = new Date();
    // A group made by hand under a class's name becomes that class's group: its pupils join it.
    for (const c of classes) {
      if (c.adoptable === null) continue;
      await setGroupEntClass(trx, c.adoptable, c.key);
      await joinEntClassPupils(trx, { groupId: c.adoptable, teacherId: caller.id, ...c, now });
    }
    const missing = classes.filter((c) => !c.hasGroup);
    const room =
      limit === null ? missing.length : Math.max(limit - (await countGroupsOfTeacher(trx, caller.id)), 0);
    const created: Array<{ id: number; title: string }> = [];
    for (const c of missing.slice(0, room)) {
      const group = await insertGroup(trx, {
        teacherId: caller.id,
        levelId,
        title: c.title,
        now,
        entClass: c.key,
      });
      await addMissingEntries(trx, { id: group.id, level_id: levelId }, { activities: true, pdfs: true });
      // The pupils whose ENT sent this class join at once (the others at their next sign-in).
      await joinEntClassPupils(trx, { groupId: group.id, teacherId: caller.id, ...c, now });
      created.push(group);
    }
    return { created, limitReached: missing.length > room ? limit : null };
  });
}

export async function deleteGroup(db: Db, caller: Caller, groupId: number): Promise<void> {
  if (!(await deleteOwnedGroup(db, caller, groupId))) throw notFound(httpMessages.notFound);
}
