// One-time sign-in links: an admin gets one for a teacher who must choose a password (a new account,
// or a forgotten password); the teacher opens it, chooses a password, and the link is used up. The
// link is shown to the admin once and, when SMTP is set, also sent through the mail outbox.

import { INVITE_LINK_TTL_HOURS, RESET_LINK_TTL_HOURS, SIGN_IN_LINK_PATH } from '../../../common/constants.js';
import {
  formatLinkExpiry,
  signInLinkMessages as m,
  ownAccountMessages,
} from '../../../common/messages/account-access.js';
import type { SignInLink, SignInLinkInfo } from '../../../common/schemas/account-access.js';
import type { Db } from '../../db/database.js';
import { HttpError, notFound } from '../../http-error.js';
import type { Mailer } from '../mail/mailer.js';
import { accountRefusal } from './auth.service.js';
import { hashPassword } from './password.js';
import { deleteSessionsOfUser } from './session.repository.js';
import {
  consumeSignInLink,
  deleteSignInLinksOfUser,
  findLiveSignInLink,
  insertSignInLink,
  insertSignInLinks,
  type LinkPurpose,
} from './sign-in-link.repository.js';
import { findLoginCandidate, findUserById, updatePasswordHash } from './user.repository.js';

/** What an issued link leaves for after the transaction: the link, and the message to send now. */
export type IssuedLink = { link: Omit<SignInLink, 'email'>; email: { to: string; mailId: number } | null };

const ttlHours: Record<LinkPurpose, number> = { invite: INVITE_LINK_TTL_HOURS, reset: RESET_LINK_TTL_HOURS };

/** Makes a link for an account (inside the caller's transaction) and queues its email when SMTP is
 * set; `mailNow`: the caller sends it right after the commit (else the background sender does). */
export async function issueSignInLink(
  db: Db,
  options: {
    userId: number;
    purpose: LinkPurpose;
    publicUrl: string;
    mailer: Mailer | null;
    now: Date;
    mailNow?: boolean;
  },
): Promise<IssuedLink> {
  const { userId, purpose, now } = options;
  const expiresAt = new Date(now.getTime() + ttlHours[purpose] * 3600_000);
  const token = await insertSignInLink(db, { userId, purpose, now, expiresAt });
  const url = `${options.publicUrl}${SIGN_IN_LINK_PATH}#${token}`;
  const link = { url, expiresAt: expiresAt.toISOString() };
  if (!options.mailer) return { link, email: null };
  const user = await findUserById(db, userId);
  if (!user) throw notFound(ownAccountMessages.linkUnknown);
  const mailId = await options.mailer.queue(
    db,
    {
      recipient: user.email,
      subject: purpose === 'invite' ? m.inviteSubject : m.resetSubject,
      body: m.mailBody({
        firstname: user.firstname,
        name: user.name,
        email: user.email,
        url,
        expiry: formatLinkExpiry(link.expiresAt),
        invite: purpose === 'invite',
      }),
    },
    { now: options.mailNow },
  );
  return { link, email: { to: user.email, mailId } };
}

/** Invitation links for accounts just created together (an import), inside the caller's
 * transaction; their emails are queued for the background sender when SMTP is set. */
export async function issueInviteLinks(
  db: Db,
  accounts: { id: number; email: string; name: string; firstname: string }[],
  options: { publicUrl: string; mailer: Mailer | null; now: Date },
): Promise<{ email: string; url: string; expiresAt: string }[]> {
  const { now, mailer } = options;
  const expiresAt = new Date(now.getTime() + ttlHours.invite * 3600_000);
  const tokens = await insertSignInLinks(
    db,
    accounts.map((account) => ({ userId: account.id, purpose: 'invite' as const, now, expiresAt })),
  );
  const links = accounts.map((account) => ({
    account,
    url: `${options.publicUrl}${SIGN_IN_LINK_PATH}#${tokens.get(account.id)}`,
    expiresAt: expiresAt.toISOString(),
  }));
  if (mailer) {
    await mailer.queueMany(
      db,
      links.map(({ account, url }) => ({
        recipient: account.email,
        subject: m.inviteSubject,
        body: m.mailBody({
          ...account,
          url,
          expiry: formatLinkExpiry(expiresAt.toISOString()),
          invite: true,
        }),
      })),
    );
  }
  return links.map(({ account, url }) => ({ email: account.email, url, expiresAt: expiresAt.toISOString() }));
}

/** After the commit: sends the link's email at once (a failure leaves it to the background sender). */
export async function deliverLink(issued: IssuedLink, mailer: Mailer | null): Promise<SignInLink> {
  if (!issued.email || !mailer) return { ...issued.link, email: null };
  const delivery = await mailer.deliver(issued.email.mailId);
  return { ...issued.link, email: { to: issued.email.to, sent: delivery.sent } };
}

/** What the page behind a link shows; 404 when the link is unknown, used or expired. */
export async function describeSignInLink(
  db: Db,
  token: string,
  now: Date,
): Promise<Omit<SignInLinkInfo, 'success'>> {
  const link = await findLiveSignInLink(db, token, now);
  if (!link) throw notFound(ownAccountMessages.linkUnknown);
  return { email: link.email, firstname: link.firstname, purpose: link.purpose, expiresAt: link.expires_at };
}

/** Sets the password chosen through a link and uses the link up; the account's open sessions end.
 * An account that may not sign in (deactivated, licence over) keeps its link until it may. */
export async function choosePasswordWithLink(
  db: Db,
  input: { token: string; password: string },
  now: Date,
): Promise<{ email: string; userId: number }> {
  const found = await findLiveSignInLink(db, input.token, now);
  if (!found) throw notFound(ownAccountMessages.linkUnknown);
  const candidate = await findLoginCandidate(db, found.email);
  const refusal = candidate ? accountRefusal(candidate, now) : null;
  if (refusal) throw new HttpError(403, refusal);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (!(await consumeSignInLink(trx, found.id, now))) throw notFound(ownAccountMessages.linkUnknown);
    await updatePasswordHash(trx, found.user_id, passwordHash);
    await deleteSessionsOfUser(trx, found.user_id);
    await deleteSignInLinksOfUser(trx, found.user_id);
    return { email: found.email, userId: found.user_id };
  });
}
