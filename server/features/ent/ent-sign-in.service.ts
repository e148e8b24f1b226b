// Who an ENT identity is in Ardoise: the account it is known by (its name and classes refreshed),
// or an account made on the spot in the school whose UAI matches, with the levels its licence
// includes and its group quota; or a link to the password account with the same email, once its
// password is proven. An account never changes school by signing in: a sign-in that would move it
// is refused. Every outcome is written to the audit log.
import crypto from 'node:crypto';
import { ENT_PLACEHOLDER_DOMAIN } from '../../../common/ent-email.js';
import type { EntRefusal } from '../../../common/messages/ent.js';
import type { EntProvider } from '../../../common/schemas/ent.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { recordAudit } from '../audit/audit.repository.js';
import { insertUser, newAccountColumns } from '../auth/accounts.service.js';
import { type Licence, licenceRefusal } from '../schools/licence.js';
import {
  adoptSchool,
  countSchoolsOfCasServer,
  type EntSchool,
  findIdentityUser,
  findSchoolsByUai,
  findUserByEmail,
  giveLicenceLevels,
  type IdentityUser,
  insertIdentity,
  replaceTeacherClasses,
  touchIdentity,
  updateUserFromEnt,
} from './ent.repository.js';
import { type EntIdentity, profileRefusal } from './ent-identity.js';

export type EntOutcome =
  | { kind: 'signed-in'; userId: number; created: boolean }
  /** A password account has the ENT's email: its password must be proven before linking. */
  | { kind: 'link'; userId: number; email: string; schoolId: number }
  | { kind: 'refused'; reason: EntRefusal; details?: RefusalDetails };

/** A move refused: the account's school, and the one the sign-in was for. */
type RefusalDetails = { accountSchool: number; school: number };

const LICENCE_REFUSALS = {
  inactive: 'licenceInactive',
  notStarted: 'licenceNotStarted',
  expired: 'licenceExpired',
} as const;

/** Why the school's licence keeps its teachers out today, as a refusal of ENT access, or null. */
export function licenceReason(licence: Licence, now: Date): EntRefusal | null {
  const refusal = licenceRefusal(licence, now);
  return refusal ? LICENCE_REFUSALS[refusal] : null;
}

/** The school the identity belongs to. For CAS, the one whose sign-in was started, when the CAS
 * server vouches for it: its UAI among the ones the server sent, or, when it sent none, the school
 * alone on that server (any user of a server shared by several schools could otherwise enter any
 * of them). For the GAR, the user's school when its UAI is among the ENT's, else the first school
 * with one of them. */
async function schoolOf(
  db: Db,
  identity: EntIdentity,
  user: IdentityUser | undefined,
  casSchool: EntSchool | undefined,
): Promise<EntSchool | EntRefusal> {
  if (identity.provider === 'cas') {
    if (!casSchool?.uai) return 'unknownSchool';
    if (identity.uais.length > 0) return identity.uais.includes(casSchool.uai) ? casSchool : 'unknownSchool';
    return (await countSchoolsOfCasServer(db, identity.issuer)) === 1 ? casSchool : 'schoolUnproven';
  }
  const schools = await findSchoolsByUai(db, identity.uais);
  const own = user && schools.find((school) => school.id === user.school_id);
  const school = own ?? identity.uais.map((uai) => schools.find((s) => s.uai === uai)).find(Boolean);
  if (!school) return 'unknownSchool';
  return school;
}

function schoolRefusal(school: EntSchool, provider: EntProvider, now: Date): EntRefusal | null {
  if (school.sign_in_method !== provider) return 'schoolNotEnt';
  return licenceReason(school, now);
}

export async function admitEntIdentity(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntOutcome> {
  const profile = profileRefusal(identity.profiles);
  if (profile) return { kind: 'refused', reason: profile };
  try {
    return await admit(db, identity, options);
  } catch (error) {
    // Two first visits at once: the second finds the account the first made.
    if (isUniqueViolation(error)) return admit(db, identity, options);
    throw error;
  }
}

function admit(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntOutcome> {
  const now = options.now.toISOString();
  return db.transaction().execute(async (trx): Promise<EntOutcome> => {
    const known = await findIdentityUser(trx, identity);
    const school = await schoolOf(trx, identity, known, options.casSchool);
    if (typeof school === 'string') return { kind: 'refused', reason: school };
    const move = known && moveRefusal(known, school);
    if (move) return move;
    const refusal = schoolRefusal(school, identity.provider, options.now);
    if (refusal) return { kind: 'refused', reason: refusal };

    if (known) {
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
    await recordAudit(trx, {
      actorId: null,
      action: 'teacher.ent-create',
      entity: 'teacher',
      entityId: userId,
      details: { provider: identity.provider, school: school.id, uai: school.uai },
    });
    return { kind: 'signed-in', userId, created: true };
  });
}

/** An account of another school stays there: only an admin moves it. */
function moveRefusal(account: IdentityUser, school: EntSchool): EntOutcome | null {
  if (account.school_id === null || account.school_id === school.id) return null;
  return {
    kind: 'refused',
    reason: 'otherSchool',
    details: { accountSchool: account.school_id, school: school.id },
  };
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
): Promise<void> {
  return recordAudit(db, {
    actorId: userId,
    action: 'auth.ent-login',
    entity: 'auth',
    entityId: null,
    details: { provider, created },
  });
}

/** A refused ENT sign-in, in the audit log: the reason, and what identifies the attempt. */
export function recordEntRefusal(
  db: Db,
  provider: EntProvider,
  reason: EntRefusal,
  details: { subject?: string; uai?: string[]; error?: string; accountSchool?: number; school?: number } = {},
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
