// The order in which a group's activities are listed, shared by the learning table and the progress
// report so that both read in the same order.
import { type SelectQueryBuilder, sql } from 'kysely';

/** Period, lesson, session, then activity (aliased `p`, `le`, `s`, `a` in the query), each by its
 * position, ties by id. */
const CURRICULUM_ORDER = ['p', 'le', 's', 'a'].flatMap((alias) => [`${alias}.position`, `${alias}.id`]);

export function inCurriculumOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return CURRICULUM_ORDER.reduce((ordered, column) => ordered.orderBy(sql.ref(column)), query);
}
