// What the app and the server both know of pupils (docs/pupils.md): how one is named on screen,
// the pictures of a sign-in card's password, and the alphabet of class codes and pseudonyms.

/** Letters and digits a child cannot confuse (no 0/O, 1/I/L). */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;

/** A class code as the door reads it: any case, spaces ignored. */
export const normalizeClassCode = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();
export const PSEUDONYM_LENGTH = 3;

/** The pictures a sign-in card's password is made of, by number (their French names are the
 * pictures' accessible names and what a printed card spells under each one). */
export const CARD_PICTURES = [
  'chat',
  'chien',
  'soleil',
  'lune',
  'étoile',
  'arbre',
  'fleur',
  'poisson',
  'oiseau',
  'pomme',
  'maison',
  'bateau',
] as const;
/** How many pictures a pupil taps: 12⁴ = 20,736 passwords, with wrong tries throttled. */
export const PICTURE_CODE_LENGTH = 4;

/** How a pupil is shown: their names when known, else « Élève » and their pseudonym. */
export function pupilDisplayName(pupil: { firstname: string; name: string; pseudonym: string }): string {
  const names = `${pupil.firstname} ${pupil.name}`.trim();
  return names || `Élève ${pupil.pseudonym}`;
}

/** The wait after wrong picture codes in a row of one pupil (docs/pupils.md#les-limites): the
 * first 2 are free (a six-year-old mistaps), then 30 s, 1 min, 2 min, 4 min, then 5 min at most; forgotten an
 * hour after the last one. The door's server and a tablet checking pictures offline both wait so. */
export const PUPIL_FREE_FAILURES = 3;
export const PUPIL_FIRST_DELAY_MS = 30_000;
export const PUPIL_MAX_DELAY_MS = 5 * 60_000;
export const PUPIL_FORGET_AFTER_MS = 3_600_000;

/** The wait after the n-th wrong code in a row of one pupil. */
export function pupilDelay(failures: number): number {
  if (failures < PUPIL_FREE_FAILURES) return 0;
  return Math.min(PUPIL_FIRST_DELAY_MS * 2 ** (failures - PUPIL_FREE_FAILURES), PUPIL_MAX_DELAY_MS);
}

/** How long a pupil's write pass holds (server/features/auth/write-pass.ts): long enough for a
 * tablet that stayed offline a school week, short enough to bound a leaked pass. So also how long a
 * tablet keeps what lets that pupil back in while the network is cut (their writes must still be
 * taken when it is back). */
export const WRITE_PASS_MS = 8 * 24 * 3600 * 1000;
