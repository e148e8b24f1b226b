// A real SMTP server on loopback (the `smtp-server` package) for tests of the emails Ardoise sends:
// it keeps each message it accepts, parsed with `mailparser`, and refuses recipients on request.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; from: string };

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that passes the test. */
  waitFor(test: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Recipients the server answers with a permanent refusal (550). */
  refused: Set<string>;
  close(): Promise<void>;
};

const received = (mail: ParsedMail, to: string[]): ReceivedMail => ({
  to,
  subject: mail.subject ?? '',
  text: mail.text ?? '',
  from: mail.from?.text ?? '',
});

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ test: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app under test may still hold a pooled connection when the test closes this server (its
    // own teardown can come later): close drops it instead of waiting the default 30 s for it.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('Boîte inconnue'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then((parsed) => {
          const mail = received(parsed, to);
          messages.push(mail);
          for (const waiter of waiters) {
            if (waiter.test(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    waitFor(test, timeoutMs = 10_000) {
      const found = messages.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error('no such message reached the SMTP server in time'));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
