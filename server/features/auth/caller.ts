// Who is calling: the signed-in user behind a request's session, as routes and services see it.
import type { SessionUser } from '../../../common/schemas/auth.js';

export type Caller = Pick<SessionUser, 'id' | 'name' | 'role'> & { sessionId: number };
