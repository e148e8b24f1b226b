// HTTP surface of authentication: login, me, logout, and the admin's 2FA setup (toggle, confirm).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../common/messages/auth.js';
import {
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorInfoResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorToggleRequestSchema,
} from '../../../common/schemas/auth.js';
import { access, HOST_COOKIE_OPTIONS, SESSION_COOKIE } from '../../access.js';
import { HttpError, unauthorized } from '../../http-error.js';
import { recordAudit, recordSignIn } from '../audit/audit.repository.js';
import { login } from './auth.service.js';
import { issueDeviceCookie, knownDeviceId } from './device-cookie.js';
import { deleteSession } from './session.repository.js';
import {
  type CodeCheckContext,
  confirmTwoFactor,
  getTwoFactorInfo,
  toggleTwoFactor,
} from './two-factor.service.js';
import { findUserById } from './user.repository.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Runs a change of the admin's own 2FA (`change` checks the code they sent, throttled by IP and
   * device), records it in the audit log under `action(state)` and answers the new state. */
  const changeTwoFactor = async <State extends object>(
    request: FastifyRequest,
    change: (userId: number, context: CodeCheckContext) => Promise<State>,
    action: (state: State) => string,
  ) => {
    const { id } = request.requireCaller();
    const state = await change(id, {
      ip: request.ip,
      now: new Date(),
      deviceId: await knownDeviceId(app.db, request, id),
    });
    await recordAudit(app.db, { actorId: id, action: action(state), entity: 'user', entityId: id });
    return { success: true as const, ...state };
  };

  app.post(
    '/api/auth/login',
    { ...access.public, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const email = request.body.username.trim().toLowerCase();
      const { session: result, deviceId } = await login(request.body, {
        db: app.db,
        ip: request.ip,
        now: new Date(),
        sessionTtlMs: app.config.sessionTtlMs,
        knownDevice: (userId) => knownDeviceId(app.db, request, userId),
      }).catch(async (error: unknown) => {
        // Refusals go to the audit log with the reason the caller was given.
        if (error instanceof HttpError) {
          await recordSignIn(app.db, { email, reason: error.message, status: error.statusCode });
        }
        throw error;
      });
      await recordSignIn(app.db, { userId: result.user.id, email });
      await issueDeviceCookie(app.db, reply, result.user.id, deviceId);
      reply.setCookie(SESSION_COOKIE, result.token, {
        ...HOST_COOKIE_OPTIONS,
        maxAge: Math.floor(app.config.sessionTtlMs / 1000),
      });
      return result;
    },
  );

  app.get(
    '/api/auth/me',
    { ...access.public, schema: { response: { 200: meResponseSchema, 204: z.null() } } },
    async (request, reply) => {
      // No token at all is a visitor who is simply signed out: 204, read as falsy, and nothing the
      // browser console flags as an error. A token that no longer holds still gets 401.
      if (!request.caller && !request.headers.authorization) return reply.code(204).send(null);
      const { id, name, role } = request.requireCaller();
      const user = await findUserById(app.db, id);
      if (!user) throw unauthorized(authMessages.notSignedIn);
      const { firstname, telephone } = user;
      // A pupil has no email: the column holds a handle, never shown (docs/pupils.md).
      const email = role === 'pupil' ? '' : user.email;
      return {
        success: true as const,
        user: { id, name, firstname, role },
        profile: { name, firstname, email, telephone },
      };
    },
  );

  app.post(
    '/api/auth/logout',
    // Any signed-in account, pupils included (« Changer d'élève » signs the pupil out).
    { ...access.signedIn, schema: { response: { 200: z.object({ success: z.boolean() }) } } },
    async (request, reply) => {
      await deleteSession(app.db, request.requireCaller().sessionId);
      reply.clearCookie(SESSION_COOKIE, HOST_COOKIE_OPTIONS);
      return { success: true };
    },
  );

  app.post(
    '/api/auth/setup-2fa',
    {
      ...access.admin,
      schema: { body: twoFactorToggleRequestSchema, response: { 200: twoFactorSetupResponseSchema } },
    },
    (request) =>
      changeTwoFactor(
        request,
        (id, context) => toggleTwoFactor(app.db, id, request.body?.code, context),
        // Switched on, a secret waits for its first code: 'confirm-2fa' records when it takes effect.
        (state) => (state.twoFactorEnabled ? 'admin.enable-2fa' : 'admin.disable-2fa'),
      ),
  );

  app.post(
    '/api/auth/confirm-2fa',
    {
      ...access.admin,
      schema: { body: twoFactorConfirmRequestSchema, response: { 200: twoFactorInfoResponseSchema } },
    },
    (request) =>
      changeTwoFactor(
        request,
        (id, context) => confirmTwoFactor(app.db, id, request.body.code, context),
        () => 'admin.confirm-2fa',
      ),
  );

  app.get(
    '/api/admin/admintwofactorinfo',
    { ...access.admin, schema: { response: { 200: twoFactorInfoResponseSchema } } },
    async (request) => ({ success: true, ...(await getTwoFactorInfo(app.db, request.requireCaller().id)) }),
  );
};
