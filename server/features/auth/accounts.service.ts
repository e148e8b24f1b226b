// What other features may ask of the accounts (users and their sessions): their way in, so that
// no feature reaches into auth's repositories (Biome refuses it).
export {
  ACCOUNT_FAILURE_LIMIT,
  accountKey,
  IP_FAILURE_LIMIT,
  ipKey,
  isThrottled,
  recordFailure,
  resetFailures,
} from './login-throttle.js';
export { hashPassword, NO_PASSWORD, verifyPassword } from './password.js';
export { deleteOtherSessionsOfUser, deleteSessionsOfUser, insertSession } from './session.repository.js';
export { deleteSignInLinksOfUser } from './sign-in-link.repository.js';
export { deliverLink, type IssuedLink, issueInviteLinks, issueSignInLink } from './sign-in-links.service.js';
export {
  findLoginCandidateById,
  findUserById,
  findUserIdByEmail,
  insertUser,
  isEmailTaken,
  type LoginCandidate,
  newAccountColumns,
  updatePasswordHash,
  updateUserColumns,
} from './user.repository.js';
