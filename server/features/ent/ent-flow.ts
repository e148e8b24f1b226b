// The end of every ENT sign-in (GAR or CAS), once the identity is read: admit it, write the outcome
// to the audit log, and answer with the page the browser goes to next.
import type { EntRefusal } from '../../../common/messages/ent.js';
import type { EntProvider } from '../../../common/schemas/ent.js';
import type { Db } from '../../db/database.js';
import type { EntSchool } from './ent.repository.js';
import { hashCode, linkPage, refusalPage, sessionPage } from './ent-handoff.js';
import { type EntIdentity, entRole } from './ent-identity.js';
import { admitEntIdentity, recordEntRefusal, recordEntSignIn } from './ent-sign-in.service.js';

/** `state`: the sign-in's state, which the browser's cookie was checked to hold. */
export async function finishEntSignIn(
  db: Db,
  identity: EntIdentity,
  options: { next: string; state: string; casSchool?: EntSchool },
): Promise<string> {
  const outcome = await admitEntIdentity(db, identity, { now: new Date(), casSchool: options.casSchool });
  // What a one-time code remembers of the browser it was made for: a digest, never the state.
  const handoff = { next: options.next, browser: hashCode(options.state) };
  switch (outcome.kind) {
    case 'signed-in':
      await recordEntSignIn(db, outcome.userId, identity.provider, outcome.created, outcome.role);
      return sessionPage(db, outcome.userId, handoff);
    case 'link':
      return linkPage(db, { ...outcome, ...handoff, identity });
    case 'refused':
      await recordEntRefusal(db, identity.provider, outcome.reason, {
        // A pupil's identifier stays out of the log (a CAS user may be made of their names).
        ...(entRole(identity.profiles) === 'pupil' ? {} : { subject: identity.subject }),
        uai: identity.uais,
        ...outcome.details,
      });
      return refusalPage(outcome.reason);
  }
}

/** A refusal before any identity could be read (a bad response, an unknown school, a bad return). */
export async function refuseEntSignIn(
  db: Db,
  provider: EntProvider,
  reason: EntRefusal,
  details: { uai?: string[]; error?: string } = {},
): Promise<string> {
  await recordEntRefusal(db, provider, reason, details);
  return refusalPage(reason);
}
