// The UAI (Unité Administrative Immatriculée) that names a French school: 7 digits and a key
// letter, the 7 digits modulo 23 indexing "ABCDEFGHJKLMNPRSTUVWXYZ" (0750654D is valid). The GAR
// and the ENTs identify a teacher's school by it.

const KEY_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Upper-cases and trims what an admin typed or a file held ('0750654d ' → '0750654D'). */
export const normaliseUai = (value: string): string => value.trim().toUpperCase();

/** The key letter of 7 digits. */
export const uaiKeyLetter = (digits: string): string => KEY_LETTERS[Number(digits) % KEY_LETTERS.length]!;

/** True for a well-formed UAI whose letter is the key of its digits (upper case only). */
export function isValidUai(value: string): boolean {
  const match = /^(\d{7})([A-Z])$/.exec(value);
  if (!match) return false;
  return uaiKeyLetter(match[1]!) === match[2];
}
