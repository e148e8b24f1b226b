// How many rows a query matches, or whether it matches any. Each query here is a select without
// columns yet (its tables, joins and filters): these add the column. PostgreSQL answers COUNT(*) as
// text (a bigint), SQLite as a number, so counts are read back as numbers here once.
import { type SelectQueryBuilder, sql } from 'kysely';

export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll().as('count'))
    // Kysely cannot name the selection of a generic query: this is its type.
    .$castTo<{ count: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the query matches at least one row (it stops at the first). */
export async function hasRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<boolean> {
  const row = await query.select(sql.lit(1).as('one')).limit(1).executeTakeFirst();
  return row !== undefined;
}
