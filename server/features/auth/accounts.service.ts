// What other features may ask of the accounts (users and their sessions): their way in, so that
// no feature reaches into auth's repositories (Biome refuses it).
export { hashPassword } from './password.js';
export { deleteSessionsOfUser } from './session.repository.js';
export { findUserById, insertUser, isEmailTaken, newAccountColumns } from './user.repository.js';
