// Ways into an account that need no password typed by an admin: one-time sign-in links
// (stored hashed, expiring), the mail outbox that carries them when SMTP is configured, and a
// two-factor secret that waits for its first code before sign-in asks for it.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return kind === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('sign_in_links')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // 'invite' (a new account chooses its password) or 'reset' (a forgotten one).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_links_user_id').on('sign_in_links').column('user_id').execute();

  // Messages waiting to leave; a row is deleted once the SMTP server has taken it.
  await withId('mail_outbox')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_next_attempt')
    .on('mail_outbox')
    .column('next_attempt_at')
    .execute();

  // totp_secret is now the secret in force; a new one waits here until a code from it is typed.
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  // Secrets created for a look at the QR code but never switched on were never in force.
  await sql`update users set totp_pending_secret = totp_secret, totp_secret = null
            where totp_enabled = 0 and totp_secret is not null`.execute(db);
}
