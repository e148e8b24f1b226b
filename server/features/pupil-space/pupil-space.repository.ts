// SQL of the pupil's space (/eleve): the groups a pupil belongs to, with their teacher and how
// many of the activities given there the pupil has to do or has done (their own entries).
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type PupilGroupRow = {
  id: number;
  title: string;
  teacher_firstname: string;
  teacher_name: string;
  given: number | string | bigint;
  done: number | string | bigint;
};

/** The pupil's groups by title, each with its count of given activities and of those the pupil
 * completed. */
export function selectPupilGroups(db: Db, pupilId: number): Promise<PupilGroupRow[]> {
  return db
    .selectFrom('group_pupils as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .innerJoin('users as t', 't.id', 'g.teacher_id')
    .where('gp.pupil_id', '=', pupilId)
    .select((eb) => [
      'g.id',
      'g.title',
      't.firstname as teacher_firstname',
      't.name as teacher_name',
      eb
        .selectFrom('group_assignments as gs')
        .select(eb.fn.countAll().as('n'))
        .whereRef('gs.group_id', '=', 'g.id')
        .as('given'),
      eb
        .selectFrom('group_assignments as gs')
        .innerJoin('group_activities as ga', (join) =>
          join.onRef('ga.group_id', '=', 'gs.group_id').onRef('ga.activity_id', '=', 'gs.activity_id'),
        )
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('gs.group_id', '=', 'g.id')
        .where('ga.pupil_id', '=', pupilId)
        .where('ga.status', '=', 'completed')
        .as('done'),
    ])
    .orderBy('g.title')
    .orderBy('g.id')
    .execute() as Promise<PupilGroupRow[]>;
}

/** The pupil's group (with its teacher), if they belong to it. */
export function findPupilGroup(db: Db, pupilId: number, groupId: number) {
  return db
    .selectFrom('group_pupils as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .innerJoin('users as t', 't.id', 'g.teacher_id')
    .where('gp.pupil_id', '=', pupilId)
    .where('gp.group_id', '=', groupId)
    .select(['g.id', 'g.title', 't.firstname as teacher_firstname', 't.name as teacher_name'])
    .executeTakeFirst();
}

/** The pupil's names and pseudonym. */
export function findPupil(db: Db, pupilId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('pupils as pu', 'pu.user_id', 'u.id')
    .where('u.id', '=', pupilId)
    .select(['u.id', 'u.firstname', 'u.name', 'pu.pseudonym'])
    .executeTakeFirst();
}
