// The pictures check a class tablet keeps so that a pupil who signed in on it can sign in again
// while the network is cut (docs/pupils.md#hors-ligne). The door's server derives it when the pupil
// signs in (with the pictures, or with the card that shows them): PBKDF2-SHA-256 of the pupil's id
// and pictures under a fresh salt. The tablet then checks the tapped pictures against it, offline.
// It is a slow hash, not a secret: with 20,736 codes, whoever reads the tablet's storage can find
// the pictures of the pupils kept there, the pictures they tapped on that very tablet.

export const OFFLINE_CHECK_ITERATIONS = 100_000;

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A fresh salt, as hex (Web Crypto: in Node.js 20 as in the browser). */
export function offlineCheckSalt(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** The digest of a pupil's pictures under `salt`, as hex. */
export async function offlinePicturesDigest(
  pupilId: number,
  pictures: readonly number[],
  salt: string,
  iterations: number,
): Promise<string> {
  const { subtle } = globalThis.crypto;
  const encoder = new TextEncoder();
  const key = await subtle.importKey(
    'raw',
    encoder.encode(`${pupilId}:${pictures.join('-')}`),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations },
    key,
    256,
  );
  return toHex(bits);
}
