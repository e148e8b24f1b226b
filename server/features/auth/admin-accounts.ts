// Admin accounts created or recovered outside the web app: the first start, and `npm run admin`.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import { hashPassword } from './password.js';
import { deleteSessionsOfUser } from './session.repository.js';
import { findLoginCandidate, insertUser, newAccountColumns, updatePasswordHash } from './user.repository.js';

/** A password nobody chose: printed once for the admin to sign in and change. */
export const randomPassword = (): string => crypto.randomBytes(12).toString('base64url');

export async function createAdminAccount(db: Db, email: string, password: string): Promise<number> {
  return insertUser(db, {
    ...newAccountColumns(new Date().toISOString()),
    email,
    name: 'Admin',
    firstname: '',
    telephone: '',
    password_hash: await hashPassword(password),
    role: 'admin',
    active: 1,
    school_id: null,
  });
}

/** Sets an admin's new password and signs them out everywhere; false when no admin has that email. */
export async function resetAdminPassword(db: Db, email: string, password: string): Promise<boolean> {
  const user = await findLoginCandidate(db, email);
  if (user?.role !== 'admin') return false;
  await updatePasswordHash(db, user.id, await hashPassword(password));
  await deleteSessionsOfUser(db, user.id);
  return true;
}
