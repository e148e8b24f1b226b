// A CAS identity's issuer is its CAS server written one way (origin and path, no trailing slash),
// whatever way a school's URL was typed, so that the schools sharing a server are found and a user
// is one account per server. Identities stored under another spelling are rewritten; one whose
// rewritten form is already taken (the same user under two spellings) is left as it is.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

function canonical(casUrl: string): string {
  try {
    const url = new URL(casUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return casUrl;
  }
}

export async function up(db: Kysely<unknown>, _kind: DbKind): Promise<void> {
  const rows = await sql<{ id: number; issuer: string; subject: string }>`
    select id, issuer, subject from external_identities where provider = 'cas'`.execute(db);
  const taken = new Set(rows.rows.map((row) => `${row.issuer}\n${row.subject}`));
  for (const row of rows.rows) {
    const issuer = canonical(row.issuer);
    if (issuer === row.issuer || taken.has(`${issuer}\n${row.subject}`)) continue;
    await sql`update external_identities set issuer = ${issuer} where id = ${row.id}`.execute(db);
    taken.add(`${issuer}\n${row.subject}`);
  }
}
