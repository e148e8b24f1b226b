// Password hashing with argon2id (OWASP's first choice), through @node-rs/argon2's prebuilt binding.
import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum argon2id profile: 19 MiB, 2 iterations, 1 lane. Algorithm 2 = Argon2id.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** The stored hash of an account whose owner has not chosen a password yet (a sign-in link is on
 * its way): no password matches it. */
export const NO_PASSWORD = '';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Same time as a real check, so that nobody learns an account is still waiting for its password.
  if (passwordHash === NO_PASSWORD) return verifyAgainstDummy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
