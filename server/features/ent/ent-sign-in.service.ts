// Who an ENT identity is in Ardoise: the account it is known by (its name and classes refreshed),
// or an account made on the spot in the school whose UAI matches, with the levels its licence
// includes and its group quota; or a link to the password account with the same email, once its
// password is proven. An account never changes school by signing in: a sign-in that would move it
// is refused. Every outcome is written to the audit log. A pupil comes in through ent-pupils.ts.
import crypto from 'node:crypto';
import { ENT_PLACEHOLDER_DOMAIN } from '../../../common/ent-email.js';
import type { EntRefusal } from '../../../common/messages/ent.js';
import type { EntProvider } from '../../../common/schemas/ent.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { recordAudit } from '../audit/audit.repository.js';
import { insertUser, newAccountColumns } from '../auth/accounts.service.js';
import {
  adoptSchool,
  type EntSchool,
  findUserByEmail,
  giveLicenceLevels,
  insertIdentity,
  replaceTeacherClasses,
  touchIdentity,
  updateUserFromEnt,
} from './ent.repository.js';
import {
  admitInTransaction,
  type EntOutcome,
  moveRefusal,
  recordEntCreation,
  roleMismatch,
} from './ent-admission.js';
import { type EntIdentity, entRole } from './ent-identity.js';
import { admitPupil } from './ent-pupils.js';

export { type EntOutcome, licenceReason } from './ent-admission.js';

export async function admitEntIdentity(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntOutcome> {
  const role = entRole(identity.profiles);
  if (!role) return { kind: 'refused', reason: 'profile' };
  const run = role === 'pupil' ? admitPupil : admit;
  try {
    return await run(db, identity, options);
  } catch (error) {
    // Two first visits at once: the second finds the account the first made.
    if (isUniqueViolation(error)) return run(db, identity, options);
    throw error;
  }
}

function admit(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntOutcome> {
  return admitInTransaction(db, identity, options, async (trx, known, school, now) => {
    if (known) {
      // A pupil's identity arriving as a teacher's: never the pupil's account, never a new one.
      if (known.role === 'pupil') return roleMismatch(known, 'teacher');
      if (known.role !== 'teacher') return { kind: 'refused', reason: 'adminEmail' };
      if (known.active !== 1) return { kind: 'refused', reason: 'accountInactive' };
      await refreshAccount(trx, known.id, identity, school.id, now);
      await touchIdentity(trx, identity, now);
      return { kind: 'signed-in', userId: known.id, created: false };
    }

    if (identity.email) {
      const sameEmail = await findUserByEmail(trx, identity.email);
      if (sameEmail?.role === 'admin') return { kind: 'refused', reason: 'adminEmail' };
      if (sameEmail) {
        return (
          moveRefusal(sameEmail, school) ?? {
            kind: 'link',
            userId: sameEmail.id,
            email: sameEmail.email,
            schoolId: school.id,
          }
        );
      }
    }

    const userId = await insertUser(trx, {
      ...newAccountColumns(now),
      email: identity.email ?? placeholderEmail(identity),
      name: identity.lastName,
      firstname: identity.firstName,
      telephone: '',
      // No password: this account signs in through its ENT (an admin may give it one later).
      password_hash: '',
      role: 'teacher',
      active: 1,
      school_id: school.id,
      group_limit: school.default_group_limit,
    });
    await giveLicenceLevels(trx, userId, school.id);
    await insertIdentity(trx, { userId, ...identity, now });
    await replaceTeacherClasses(trx, userId, identity.classes);
    await recordEntCreation(trx, 'teacher', userId, identity, school);
    return { kind: 'signed-in', userId, created: true };
  });
}

/** Name and classes as the ENT sends them now; the school only for an account that has none. */
async function refreshAccount(db: Db, userId: number, identity: EntIdentity, schoolId: number, now: string) {
  await updateUserFromEnt(db, userId, {
    name: identity.lastName,
    firstname: identity.firstName,
    updated_at: now,
  });
  await adoptSchool(db, userId, schoolId);
  await replaceTeacherClasses(db, userId, identity.classes);
}

/** Links the identity to the password account whose password was just proven, and refreshes it. */
export async function linkEntIdentity(
  db: Db,
  userId: number,
  identity: EntIdentity,
  schoolId: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertIdentity(trx, { userId, ...identity, now: now.toISOString() });
    await refreshAccount(trx, userId, identity, schoolId, now.toISOString());
    await recordAudit(trx, {
      actorId: userId,
      action: 'auth.ent-link',
      entity: 'auth',
      entityId: null,
      details: { provider: identity.provider },
    });
  });
}

/** A unique address that can never receive mail, for an ENT that sends none. */
function placeholderEmail(identity: EntIdentity): string {
  const digest = crypto
    .createHash('sha256')
    .update(`${identity.provider}\n${identity.issuer}\n${identity.subject}`)
    .digest('hex')
    .slice(0, 24);
  return `${identity.provider}-${digest}@${ENT_PLACEHOLDER_DOMAIN}`;
}

/** A sign-in through the ENT, in the audit log. */
export function recordEntSignIn(
  db: Db,
  userId: number,
  provider: EntProvider,
  created: boolean,
  role: 'teacher' | 'pupil' = 'teacher',
): Promise<void> {
  return recordAudit(db, {
    actorId: userId,
    action: 'auth.ent-login',
    entity: 'auth',
    entityId: null,
    details: role === 'pupil' ? { provider, created, role } : { provider, created },
  });
}

/** A refused ENT sign-in, in the audit log: the reason, and what identifies the attempt. */
export function recordEntRefusal(
  db: Db,
  provider: EntProvider,
  reason: EntRefusal,
  details: {
    subject?: string;
    uai?: string[];
    error?: string;
    accountSchool?: number;
    school?: number;
    account?: number;
    profile?: string;
  } = {},
): Promise<void> {
  return recordAudit(db, {
    actorId: null,
    action: 'auth.ent-refused',
    entity: 'auth',
    entityId: null,
    details: {
      provider,
      reason,
      ...details,
      ...(details.error ? { error: details.error.slice(0, 300) } : {}),
    },
  });
}
