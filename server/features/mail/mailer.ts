// Sends what the outbox holds through the SMTP server of SMTP_URL (nodemailer), with bounded
// waits; retries with growing delays in the background, and gives a message up after
// MAX_ATTEMPTS (what it carried was also shown to the admin who asked for it).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import {
  claimMail,
  deleteMail,
  findDueMails,
  findMailById,
  insertMail,
  insertMails,
  type OutgoingMail,
  recordMailFailure,
} from './mail-outbox.repository.js';

export type { OutgoingMail };
export type MailDelivery = { sent: true } | { sent: false; error: string };

const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
const MAX_ATTEMPTS = 8;
const BATCH = 50;
const IDLE_POLL_MS = 30_000;
/** How long a claimed message is left alone by other senders while one attempt runs. */
const CLAIM_MS = 2 * 60_000;

export type Mailer = {
  /** Puts a message in the outbox, inside the caller's transaction. `now`: the caller delivers it
   * at once with `deliver`, so the background sender leaves it alone for a while. */
  queue(db: Db, mail: OutgoingMail, options?: { now?: boolean }): Promise<number>;
  /** Puts many messages in the outbox for the background sender (call `wake` after the commit). */
  queueMany(db: Db, mails: OutgoingMail[]): Promise<void>;
  /** One attempt now; on failure the message stays for the background sender. */
  deliver(id: number): Promise<MailDelivery>;
  /** Wakes the background sender (after a commit that queued many messages). */
  wake(): void;
  close(): Promise<void>;
};

export function createMailer(
  db: Db,
  mail: NonNullable<Config['mail']>,
  log: (error: unknown) => void,
): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: mail.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  async function attempt(row: NonNullable<Awaited<ReturnType<typeof findMailById>>>): Promise<MailDelivery> {
    try {
      await transport.sendMail({ from: mail.from, to: row.recipient, subject: row.subject, text: row.body });
      await deleteMail(db, row.id);
      return { sent: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = row.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        log(error);
        await deleteMail(db, row.id);
      } else {
        const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
        await recordMailFailure(db, row.id, {
          attempts,
          nextAttemptAt: new Date(Date.now() + delay),
          error: message.slice(0, 500),
        });
      }
      return { sent: false, error: message };
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  /** Sends every due message, batch after batch, then sleeps until the next poll or wake-up. */
  async function drain(): Promise<void> {
    for (;;) {
      const due = await findDueMails(db, new Date(), BATCH);
      for (const row of due) {
        if (closed) return;
        if (await claimMail(db, row.id, row.next_attempt_at, new Date(Date.now() + CLAIM_MS)))
          await attempt(row);
      }
      if (due.length < BATCH || closed) return;
    }
  }

  function schedule(delay: number) {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running ??= drain()
        .catch(log)
        .finally(() => {
          running = null;
          schedule(IDLE_POLL_MS);
        });
    }, delay);
    timer.unref();
  }
  schedule(1_000);

  return {
    async queue(target, message, options = {}) {
      const now = new Date();
      return insertMail(target, message, now, options.now ? new Date(now.getTime() + CLAIM_MS) : now);
    },
    queueMany: (target, mails) => insertMails(target, mails, new Date()),
    async deliver(id) {
      const row = await findMailById(db, id);
      if (!row) return { sent: false, error: 'message introuvable' };
      return attempt(row);
    },
    wake: () => {
      if (!running) schedule(0);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
