// Throttling that fits schools: the fixed-window counters that locked an account after 5
// failures and an address after 20 give way to budgets with growing waits (per account, per
// browser known to an account, per address), and a key that signs the device cookies, kept in the
// database so that every instance shares both. The old table `login_throttle` is left in place,
// unread: an instance of the previous build still uses it during a rolling restart (migrations only
// add, docs/deployment.md); a later migration may drop it.
import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, _kind: DbKind): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    // 'account:<email>', 'device:<id>' or 'address:<ip>'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    // Failures in a row (account, device) or the level of the address's bucket (fractional).
    .addColumn('failures', 'double precision', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    // Tries before this time are refused (429); null when the budget has tries left.
    .addColumn('blocked_until', 'text')
    .execute();
  await db.schema
    .createIndex('sign_in_throttle_last_failure_at')
    .on('sign_in_throttle')
    .column('last_failure_at')
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const secret = crypto.randomBytes(32).toString('base64url');
  await sql`insert into signing_keys (name, secret, created_at)
            values ('device-cookie', ${secret}, ${new Date().toISOString()})`.execute(db);
}
