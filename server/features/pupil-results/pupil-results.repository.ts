// SQL of a group's pupils' results (docs/pupils.md): the group's pupils, the activities given to it
// in the learning table's order, and each pupil's entries (group_activities rows with pupil_id set)
// with their runtime data, launch count and latest statement. A constant number of queries whatever
// the size of the class: each reads through an index (the pupil entries' (pupil_id, group_id,
// activity_id), the launches' and the runtime data's keys, the statements' (entry_id, id)).
import { sql } from 'kysely';
import { PUPIL_STATEMENTS_LISTED } from '../../../common/schemas/pupil-results.js';
import { activitiesInTree, inCurriculumOrder } from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import type { ActivityRuntimeTable } from '../../db/schema.js';
import type { StoredStatement } from './pupil-answers.js';

export type PupilRow = { id: number; firstname: string; name: string; pseudonym: string };

/** The pupils of a group (any order: the service sorts them by display name). */
export function selectGroupPupils(db: Db, groupId: number, pupilId?: number): Promise<PupilRow[]> {
  return db
    .selectFrom('group_pupils as gp')
    .innerJoin('users as u', 'u.id', 'gp.pupil_id')
    .innerJoin('pupils as pu', 'pu.user_id', 'gp.pupil_id')
    .select(['u.id', 'u.firstname', 'u.name', 'pu.pseudonym'])
    .where('gp.group_id', '=', groupId)
    .where('u.role', '=', 'pupil')
    .$if(pupilId !== undefined, (qb) => qb.where('gp.pupil_id', '=', pupilId!))
    .execute();
}

export type GivenActivityRow = {
  id: number;
  title: string;
  lesson_id: number;
  lesson_title: string;
  session_title: string;
  due_date: string | null;
};

/** The activities given to the group, in the learning table's order. */
export function selectGivenActivities(db: Db, groupId: number): Promise<GivenActivityRow[]> {
  return inCurriculumOrder(
    activitiesInTree(db)
      .innerJoin('group_assignments as gs', 'gs.activity_id', 'a.id')
      .select([
        'a.id',
        'a.title',
        'le.id as lesson_id',
        'le.title as lesson_title',
        's.title as session_title',
        'gs.due_date',
      ])
      .where('gs.group_id', '=', groupId),
  ).execute();
}

export type PupilEntryRow = {
  id: number;
  pupil_id: number;
  activity_id: number;
  status: 'pending' | 'completed';
  score: number | null;
  completed_at: string | null;
  runtime_at: string | null;
  attempts: number;
  statement_at: string | null;
};

/** The entries of the group's pupils (of one pupil when given), each with its launch count and the
 * times it last changed. */
function selectEntries(db: Db, groupId: number, pupilId: number | undefined) {
  return db
    .selectFrom('group_activities as ga')
    .leftJoin('activity_runtime as r', 'r.entry_id', 'ga.id')
    .select((eb) => [
      'ga.id',
      'ga.activity_id',
      'ga.status',
      'ga.score',
      'ga.completed_at',
      'r.updated_at as runtime_at',
      eb
        .selectFrom('activity_runtime_launches as l')
        .select(eb.fn.countAll().as('n'))
        .whereRef('l.entry_id', '=', 'ga.id')
        .as('attempts'),
      eb
        .selectFrom('xapi_statements as x')
        .select('x.stored_at')
        .whereRef('x.entry_id', '=', 'ga.id')
        .orderBy('x.id', 'desc')
        .limit(1)
        .as('statement_at'),
    ])
    .where('ga.group_id', '=', groupId)
    .where((eb) =>
      pupilId === undefined
        ? eb(
            'ga.pupil_id',
            'in',
            eb.selectFrom('group_pupils as gp').select('gp.pupil_id').where('gp.group_id', '=', groupId),
          )
        : eb('ga.pupil_id', '=', pupilId),
    );
}

function toEntry<T extends { attempts: unknown; score: unknown; pupil_id: unknown }>(row: T) {
  return {
    ...row,
    pupil_id: Number(row.pupil_id),
    attempts: Number(row.attempts ?? 0),
    score: row.score === null ? null : Number(row.score),
  };
}

export async function selectPupilEntries(db: Db, groupId: number): Promise<PupilEntryRow[]> {
  const rows = await selectEntries(db, groupId, undefined).select('ga.pupil_id').execute();
  return rows.map(toEntry) as PupilEntryRow[];
}

export type PupilEntryDetailRow = PupilEntryRow & {
  standard: ActivityRuntimeTable['standard'] | null;
  data: string | null;
};

/** One pupil's entries in the group, with their runtime data. */
export async function selectPupilEntryDetails(
  db: Db,
  groupId: number,
  pupilId: number,
): Promise<PupilEntryDetailRow[]> {
  const rows = await selectEntries(db, groupId, pupilId)
    .select(['ga.pupil_id', 'r.standard', 'r.data'])
    .execute();
  return rows.map(toEntry) as PupilEntryDetailRow[];
}

export type StatementRow = StoredStatement & { entry_id: number };

/** The newest statements (PUPIL_STATEMENTS_LISTED at most per entry) of one pupil's entries in the
 * group, newest first. */
export async function selectPupilStatements(
  db: Db,
  groupId: number,
  pupilId: number,
): Promise<StatementRow[]> {
  const ranked = db
    .selectFrom('xapi_statements as x')
    .innerJoin('group_activities as ga', 'ga.id', 'x.entry_id')
    .select([
      'x.id',
      'x.entry_id',
      'x.statement_id',
      'x.verb_id',
      'x.object_id',
      'x.timestamp',
      'x.score_scaled',
      'x.success',
      'x.statement',
      sql<number>`row_number() over (partition by x.entry_id order by x.id desc)`.as('rank'),
    ])
    .where('ga.pupil_id', '=', pupilId)
    .where('ga.group_id', '=', groupId);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select([
      'ranked.entry_id',
      'ranked.statement_id',
      'ranked.verb_id',
      'ranked.object_id',
      'ranked.timestamp',
      'ranked.score_scaled',
      'ranked.success',
      'ranked.statement',
    ])
    .where('ranked.rank', '<=', PUPIL_STATEMENTS_LISTED)
    .orderBy('ranked.entry_id')
    .orderBy('ranked.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, entry_id: Number(row.entry_id) }));
}
