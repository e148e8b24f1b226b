// Sign-in starts are anonymous and each one writes (a SAML request kept, an audit entry for a bad
// school): one address may start as many as the password sign-in's address budget allows
// (throttle-rules.ts: a school's burst in hand, then one more every few seconds), on its own
// bucket in the same table.
import type { Db } from '../../db/database.js';
import { addFailure } from '../auth/login-throttle.js';
import { findLatestBlock } from '../auth/sign-in-throttle.repository.js';
import { addressBudgetOf } from '../auth/throttle-rules.js';

/** Spends one start of this address's budget; false when the address must wait. */
export async function mayStartSignIn(db: Db, ip: string, now: Date): Promise<boolean> {
  const key = `ent-start:${addressBudgetOf(ip)}`;
  if (await findLatestBlock(db, [key], now.toISOString())) return false;
  await addFailure(db, { scope: 'address', key }, now.getTime());
  return true;
}
