// Who is calling: the signed-in user behind a request's session, as routes and services see it.
import type { SessionUser } from '../../../common/schemas/auth.js';

export type Caller = Pick<SessionUser, 'id' | 'name' | 'role'> & {
  sessionId: number;
  /** When the session ends (read with it on each request: a pupil's slides, docs/pupils.md). */
  expires_at?: string;
};
