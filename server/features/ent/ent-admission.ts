// Whether an ENT identity may come in, whoever it is (teacher or pupil): the outcomes of a sign-in,
// the school it is for (the one the CAS server vouches for, or the GAR's UAI), the school's chosen
// ENT and licence, and the rules no account escapes (no change of school, no change of role).
import type { EntRefusal } from '../../../common/messages/ent.js';
import type { EntProvider } from '../../../common/schemas/ent.js';
import type { Db } from '../../db/database.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type Licence, licenceRefusal } from '../schools/licence.js';
import {
  countSchoolsOfCasServer,
  type EntSchool,
  findIdentityUser,
  findSchoolsByUai,
  type IdentityUser,
} from './ent.repository.js';
import type { EntIdentity } from './ent-identity.js';

export type EntOutcome =
  | { kind: 'signed-in'; userId: number; created: boolean; role?: 'pupil' }
  /** A password account has the ENT's email: its password must be proven before linking. */
  | { kind: 'link'; userId: number; email: string; schoolId: number }
  | { kind: 'refused'; reason: EntRefusal; details?: RefusalDetails };

/** A move refused: the account's school, and the one the sign-in was for; or a role refused: the
 * account the identity belongs to, and the profile the ENT gave. */
type RefusalDetails =
  | { accountSchool: number; school: number }
  | { account: number; profile: 'teacher' | 'pupil' };

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

/** The school of the identity, once it may sign in there today: the school the account is in (an
 * account never changes school by signing in), with the ENT the school chose and a live licence. */
export async function admittedSchool(
  db: Db,
  identity: EntIdentity,
  known: IdentityUser | undefined,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntSchool | Extract<EntOutcome, { kind: 'refused' }>> {
  const school = await schoolOf(db, identity, known, options.casSchool);
  if (typeof school === 'string') return { kind: 'refused', reason: school };
  const move = known && moveRefusal(known, school);
  if (move) return move;
  const refusal = schoolRefusal(school, identity.provider, options.now);
  if (refusal) return { kind: 'refused', reason: refusal };
  return school;
}

/** An identity known as one kind of account (teacher or pupil) whose ENT now says it is the other. */
export function roleMismatch(account: IdentityUser, profile: 'teacher' | 'pupil'): EntOutcome {
  return { kind: 'refused', reason: 'roleMismatch', details: { account: account.id, profile } };
}

/** An account of another school stays there: only an admin moves it. */
export function moveRefusal(
  account: IdentityUser,
  school: EntSchool,
): Extract<EntOutcome, { kind: 'refused' }> | null {
  if (account.school_id === null || account.school_id === school.id) return null;
  return {
    kind: 'refused',
    reason: 'otherSchool',
    details: { accountSchool: account.school_id, school: school.id },
  };
}

/** One admission, teacher's or pupil's, in one transaction: the account the identity is known by and
 * the school it is admitted in (a refused school ends it there), then `admit` with them. */
export function admitInTransaction(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
  admit: (trx: Db, known: IdentityUser | undefined, school: EntSchool, now: string) => Promise<EntOutcome>,
): Promise<EntOutcome> {
  const now = options.now.toISOString();
  return db.transaction().execute(async (trx): Promise<EntOutcome> => {
    const known = await findIdentityUser(trx, identity);
    const school = await admittedSchool(trx, identity, known, options);
    if ('kind' in school) return school;
    return admit(trx, known, school, now);
  });
}

/** The audit line of an account made on the spot by an ENT sign-in. */
export function recordEntCreation(
  db: Db,
  entity: 'teacher' | 'pupil',
  userId: number,
  identity: EntIdentity,
  school: EntSchool,
): Promise<void> {
  return recordAudit(db, {
    actorId: null,
    action: `${entity}.ent-create`,
    entity,
    entityId: userId,
    details: { provider: identity.provider, school: school.id, uai: school.uai },
  });
}
