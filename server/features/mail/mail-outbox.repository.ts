// The SQL of the mail outbox: messages wait in a table until the SMTP server takes them, so a message
// written inside a transaction leaves only if that transaction commits, and survives a restart.
import type { Db } from '../../db/database.js';

export type OutgoingMail = { recipient: string; subject: string; body: string };

export async function insertMail(
  db: Db,
  mail: OutgoingMail,
  now: Date,
  firstAttemptAt: Date,
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      ...mail,
      created_at: now.toISOString(),
      next_attempt_at: firstAttemptAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many messages at once, due now (the background sender takes them). */
export async function insertMails(db: Db, mails: OutgoingMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  const stamp = now.toISOString();
  await db
    .insertInto('mail_outbox')
    .values(mails.map((mail) => ({ ...mail, created_at: stamp, next_attempt_at: stamp })))
    .execute();
}

export function findMailById(db: Db, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest messages due for an attempt. */
export function findDueMails(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a message for one attempt: moves its next attempt to `until`, if nobody moved it since it
 * was read (another instance's sender then leaves it alone). */
export async function claimMail(db: Db, id: number, seenNextAttempt: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: until.toISOString() })
    .where('id', '=', id)
    .where('next_attempt_at', '=', seenNextAttempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

export async function recordMailFailure(
  db: Db,
  id: number,
  values: { attempts: number; nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: values.attempts,
      next_attempt_at: values.nextAttemptAt.toISOString(),
      last_error: values.error,
    })
    .where('id', '=', id)
    .execute();
}
