// What an ENT says about a user (SAML attributes from the GAR, or a CAS server's attributes under
// the GAR's names or the school's own), checked and turned into one shape. Values the ENT sends
// are untrusted text: too long, or holding control characters, and the whole sign-in is refused.

import { isEmail } from '../../../common/schemas/admin-fields.js';
import type { CasAttributes, EntProvider, GarAttribute } from '../../../common/schemas/ent.js';
import { isOneCleanLine } from '../../../common/schemas/text.js';
import { isValidUai, normaliseUai } from '../../../common/uai.js';

export type EntClass = { kind: 'div' | 'gro'; code: string; label: string };

export type EntIdentity = {
  provider: EntProvider;
  /** The IdP's entityID, or the CAS server's URL. */
  issuer: string;
  /** The GAR's IDO (opaque, stable), or the CAS user (never an attribute: the server vouches for
   * its user, while a school's mapping decides what its attributes are). */
  subject: string;
  lastName: string;
  firstName: string;
  /** Lower case; null when none was sent (or it was not an address). */
  email: string | null;
  /** Upper case, valid UAIs only. */
  uais: string[];
  /** PRO values, lower case ('national_ens'). */
  profiles: string[];
  classes: EntClass[];
};

export type IdentityRefusal = 'attributes' | 'invalid';

const MAX_LENGTH: Record<GarAttribute, number> = {
  IDO: 128,
  NOM: 100,
  PRE: 100,
  P_MEL: 254,
  UAI: 16,
  PRO: 64,
  DIV: 255,
  GRO: 255,
};
const MAX_VALUES = 200;

class Refused extends Error {
  constructor(readonly reason: IdentityRefusal) {
    super(reason);
  }
}

/** A multi-valued attribute may arrive as a single value (or as numbers): always a list of text. */
function valuesOf(raw: unknown): unknown[] {
  if (raw === undefined || raw === null) return [];
  return Array.isArray(raw) ? raw : [raw];
}

type Source = {
  provider: EntProvider;
  issuer: string;
  /** The CAS user: the identity of a CAS sign-in. */
  user?: string;
  /** A CAS school's own attribute names. */
  mapping?: CasAttributes;
};

export function readIdentity(
  attributes: Record<string, unknown>,
  source: Source,
): { identity: EntIdentity } | { refusal: IdentityRefusal } {
  try {
    return { identity: read(attributes, source) };
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.reason };
    throw error;
  }
}

function read(attributes: Record<string, unknown>, source: Source): EntIdentity {
  const all = (name: GarAttribute): string[] => {
    const values = valuesOf(attributes[source.mapping?.[name] ?? name]);
    if (values.length > MAX_VALUES) throw new Refused('invalid');
    return values.map((value) => {
      if (typeof value !== 'string' && typeof value !== 'number') throw new Refused('invalid');
      const text = String(value).trim();
      if (text.length > MAX_LENGTH[name] || !isOneCleanLine(text)) throw new Refused('invalid');
      return text;
    });
  };
  const first = (name: GarAttribute): string => all(name).find((value) => value !== '') ?? '';

  const user = source.user?.trim() ?? '';
  if (user.length > MAX_LENGTH.IDO || !isOneCleanLine(user)) throw new Refused('invalid');
  const subject = source.provider === 'cas' ? user : first('IDO');
  const lastName = first('NOM');
  const profiles = all('PRO')
    .map((value) => value.toLowerCase())
    .filter(Boolean);
  const uais = [...new Set(all('UAI').map(normaliseUai).filter(isValidUai))];
  // A pupil's names are sent only when the resource may have them (docs/ent.md): staff need one.
  if (!subject || profiles.length === 0) throw new Refused('attributes');
  if (!lastName && entRole(profiles) !== 'pupil') throw new Refused('attributes');
  if (source.provider === 'gar' && uais.length === 0) throw new Refused('attributes');

  const email = first('P_MEL').toLowerCase();
  return {
    provider: source.provider,
    issuer: source.issuer,
    subject,
    lastName,
    firstName: first('PRE'),
    email: email && isEmail(email) ? email : null,
    uais,
    profiles,
    classes: [...classesOf('div', all('DIV')), ...classesOf('gro', all('GRO'))],
  };
}

/** 'code##label' (the GAR's form), or a bare code; each class once. */
function classesOf(kind: EntClass['kind'], values: string[]): EntClass[] {
  const byCode = new Map<string, EntClass>();
  for (const value of values) {
    const [code = '', ...rest] = value.split('##');
    const label = rest.join('##').trim() || code.trim();
    if (code.trim() && !byCode.has(code.trim())) byCode.set(code.trim(), { kind, code: code.trim(), label });
  }
  return [...byCode.values()];
}

const TEACHER_PROFILES = new Set(['national_ens', 'national_doc']);
const PUPIL_PROFILE = 'national_elv';

/** Who the profiles make the user in Ardoise: a teacher (teachers and teacher-librarians, even
 * when a pupil's profile comes beside), a pupil, or nobody (other profiles are refused). */
export function entRole(profiles: string[]): 'teacher' | 'pupil' | null {
  if (profiles.some((profile) => TEACHER_PROFILES.has(profile))) return 'teacher';
  return profiles.includes(PUPIL_PROFILE) ? 'pupil' : null;
}
