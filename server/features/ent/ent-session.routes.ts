// The calls that finish an ENT sign-in in the browser: whether the sign-in page offers the ENT,
// trading a one-time code for a session, and linking a password account once its password is
// proven (no silent take-over of an account by its email). A code is taken only in the browser
// that started the sign-in.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type EntRefusal, entMessages, entRefusals } from '../../../common/messages/ent.js';
import { pupilDisplayName } from '../../../common/pupils.js';
import {
  entLinkRequestSchema,
  entOptionsResponseSchema,
  entSessionRequestSchema,
  entSessionResponseSchema,
} from '../../../common/schemas/ent.js';
import { access, HOST_COOKIE_OPTIONS, SESSION_COOKIE } from '../../access.js';
import { forbidden, HttpError, unauthorized } from '../../http-error.js';
import {
  type Attempt,
  assertMayTry,
  findLoginCandidateById,
  insertSession,
  issueDeviceCookie,
  knownDeviceId,
  type LoginCandidate,
  recordFailure,
  recordSuccess,
  verifyPassword,
} from '../auth/accounts.service.js';
import { findPupilForSession } from '../pupils/pupil-accounts.service.js';
import { findState, takeState } from './ent.repository.js';
import { hashCode, type LinkCodeData, type SessionCodeData } from './ent-handoff.js';
import { licenceReason, linkEntIdentity, recordEntSignIn } from './ent-sign-in.service.js';
import { browserState } from './sign-in-state.js';

/** Why the account may not be signed in now (it changed since the ENT answered), or null. */
function accountRefusal(user: LoginCandidate | undefined, now: Date): EntRefusal | null {
  if (!user) return 'expired';
  if (user.role !== 'teacher') return 'adminEmail';
  if (!user.active) return 'accountInactive';
  return licenceReason(user, now);
}

type PupilCandidate = NonNullable<Awaited<ReturnType<typeof findPupilForSession>>>;

/** Why the pupil may not be signed in now, or null: the same rules as a teacher's. */
function pupilRefusal(pupil: PupilCandidate, now: Date): EntRefusal | null {
  if (!pupil.active) return 'accountInactive';
  return licenceReason(pupil, now);
}

/** Where a pupil may go after signing in: their own space only (/eleve and below), never a staff
 * page a `next` asked for; anything else leads to their home. */
export function pupilNextPath(next: string): string {
  const pathname = next.split(/[?#]/)[0] ?? '';
  return pathname === '/eleve' || pathname.startsWith('/eleve/') ? next : '';
}

export const entSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Refuses a code made for another browser (someone else's code, sent in a link). */
  function assertSameBrowser(request: FastifyRequest, data: { browser?: string }): void {
    const state = browserState(request);
    if (!state || data.browser !== hashCode(state)) throw forbidden(entRefusals.notStartedHere);
  }

  async function openSession(user: LoginCandidate, next: string, reply: FastifyReply) {
    const token = await insertSession(app.db, user.id, new Date(), app.config.sessionTtlMs);
    reply.setCookie(SESSION_COOKIE, token, {
      ...HOST_COOKIE_OPTIONS,
      maxAge: Math.floor(app.config.sessionTtlMs / 1000),
    });
    return {
      token,
      user: { id: user.id, name: user.name, firstname: user.firstname, role: user.role },
      next,
    };
  }

  /** A pupil's session lasts while they use it: PUPIL_IDLE_MINUTES (a shared tablet in class). */
  async function openPupilSession(pupil: PupilCandidate, next: string, reply: FastifyReply) {
    const token = await insertSession(app.db, pupil.id, new Date(), app.config.pupilIdleMs);
    reply.setCookie(SESSION_COOKIE, token, {
      ...HOST_COOKIE_OPTIONS,
      maxAge: Math.floor(app.config.pupilIdleMs / 1000),
    });
    const named = pupil.name || pupil.firstname;
    return {
      token,
      user: {
        id: pupil.id,
        // Without names, the pupil is « Élève <pseudonym> » wherever the app shows the session's name.
        name: named ? pupil.name : pupilDisplayName(pupil),
        firstname: pupil.firstname,
        role: pupil.role,
      },
      next: pupilNextPath(next),
    };
  }

  app.get(
    '/api/auth/ent',
    { ...access.public, schema: { response: { 200: entOptionsResponseSchema } } },
    async () => ({ saml: app.config.saml !== undefined }),
  );

  app.post(
    '/api/auth/ent/session',
    {
      ...access.public,
      schema: { body: entSessionRequestSchema, response: { 200: entSessionResponseSchema } },
    },
    async (request, reply) => {
      const now = new Date();
      const key = hashCode(request.body.code);
      // Checked before it is taken: another browser's try does not spend the code.
      const found = await findState(app.db, key, 'session-code', now.toISOString());
      if (found) assertSameBrowser(request, JSON.parse(found.data) as SessionCodeData);
      const state = await takeState(app.db, key, 'session-code', now.toISOString());
      if (!state?.user_id) throw unauthorized(entRefusals.expired);
      const data = JSON.parse(state.data) as SessionCodeData;
      const pupil = await findPupilForSession(app.db, state.user_id);
      if (pupil) {
        const refusal = pupilRefusal(pupil, now);
        if (refusal) throw forbidden(entRefusals[refusal]);
        return openPupilSession(pupil, data.next, reply);
      }
      const user = await findLoginCandidateById(app.db, state.user_id);
      const refusal = accountRefusal(user, now);
      if (refusal || !user) throw forbidden(entRefusals[refusal ?? 'expired']);
      return openSession(user, data.next, reply);
    },
  );

  app.post(
    '/api/auth/ent/link',
    { ...access.public, schema: { body: entLinkRequestSchema, response: { 200: entSessionResponseSchema } } },
    async (request, reply) => {
      const now = new Date();
      const key = hashCode(request.body.code);
      const state = await findState(app.db, key, 'link-code', now.toISOString());
      if (!state?.user_id) throw unauthorized(entRefusals.expired);
      assertSameBrowser(request, JSON.parse(state.data) as LinkCodeData);
      const user = await findLoginCandidateById(app.db, state.user_id);
      if (!user) throw unauthorized(entRefusals.expired);
      // The password sign-in's throttle: the same budgets (account, address, or this browser's).
      const deviceId = await knownDeviceId(app.db, request, user.id);
      const attempt: Attempt = { email: user.email, ip: request.ip, deviceId, purpose: 'ent-link' };
      await assertMayTry(app.db, attempt, now);
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        await recordFailure(app.db, attempt, now);
        throw unauthorized(entMessages.wrongPassword);
      }
      await recordSuccess(app.db, attempt);
      const refusal = accountRefusal(user, now);
      if (refusal) throw new HttpError(403, entRefusals[refusal]);
      // Taken once: a second submission of the same form finds nothing left to link.
      const taken = await takeState(app.db, key, 'link-code', now.toISOString());
      if (!taken) throw unauthorized(entRefusals.expired);
      const data = JSON.parse(taken.data) as LinkCodeData;
      await linkEntIdentity(app.db, user.id, data.identity, data.schoolId, now);
      await recordEntSignIn(app.db, user.id, data.identity.provider, false);
      await issueDeviceCookie(app.db, reply, user.id, deviceId);
      return openSession(user, data.next, reply);
    },
  );
};
