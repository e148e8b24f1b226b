// The curriculum tree as queries read it: an activity or a PDF joined to its place in the tree (the
// one way every repository writes that join), and the order in which a group's activities are
// listed, shared by the learning table and the progress report so that both read in the same order.
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/** Every activity (`a`) with its session (`s`), lesson (`le`) and period (`p`), for a query to filter
 * (by `p.level_id`, say) and pick its columns. */
export function activitiesInTree(db: Db) {
  return db
    .selectFrom('activities as a')
    .innerJoin('lesson_sessions as s', 's.id', 'a.session_id')
    .innerJoin('lessons as le', 'le.id', 's.lesson_id')
    .innerJoin('periods as p', 'p.id', 'le.period_id');
}

/** The period of an activity an outer query names (a column reference such as 'ga.activity_id'), as
 * a subquery to select. */
export function periodOfActivity(db: Db, activityId: string) {
  return activitiesInTree(db).select('p.id').where('a.id', '=', sql.ref<number>(activityId));
}

/** Every PDF (`d`) with its lesson (`le`) and period (`p`). */
export function pdfsInTree(db: Db) {
  return db
    .selectFrom('pdfs as d')
    .innerJoin('lessons as le', 'le.id', 'd.lesson_id')
    .innerJoin('periods as p', 'p.id', 'le.period_id');
}

/** Period, lesson, session, then activity (aliased `p`, `le`, `s`, `a` in the query), each by its
 * position, ties by id. */
const CURRICULUM_ORDER = ['p', 'le', 's', 'a'].flatMap((alias) => [`${alias}.position`, `${alias}.id`]);

export function inCurriculumOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return CURRICULUM_ORDER.reduce((ordered, column) => ordered.orderBy(sql.ref(column)), query);
}
