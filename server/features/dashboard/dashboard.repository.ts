// The platform's totals for the dashboard, in one round trip.
import type { Db } from '../../db/database.js';

export async function countTotals(db: Db) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('c'))
        .where('role', '=', 'teacher')
        .as('totalteacher'),
      eb.selectFrom('class_groups').select(eb.fn.countAll<number>().as('c')).as('totalgroup'),
      eb.selectFrom('activities').select(eb.fn.countAll<number>().as('c')).as('totalactivity'),
      eb.selectFrom('schools').select(eb.fn.countAll<number>().as('c')).as('totalschool'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalteacher: Number(row.totalteacher),
    totalgroup: Number(row.totalgroup),
    totalactivity: Number(row.totalactivity),
    totalschool: Number(row.totalschool),
  };
}
