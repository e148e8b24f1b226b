// What the app and the server both know of pupils (docs/pupils.md): how one is named on screen,
// the pictures of a sign-in card's password, and the alphabet of class codes and pseudonyms.

/** Letters and digits a child cannot confuse (no 0/O, 1/I/L). */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;
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
