// HTTP surface of authentication: login, me, logout, and the admin's 2FA setup.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../common/messages/auth.js';
import {
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  twoFactorInfoResponseSchema,
  twoFactorSetupResponseSchema,
} from '../../../common/schemas/auth.js';
import { unauthorized } from '../../http-error.js';
import { access, SESSION_COOKIE } from '../../plugins/auth.js';
import { getTwoFactorInfo, login, toggleTwoFactor } from './auth.service.js';
import { deleteSession } from './session.repository.js';
import { findUserById } from './user.repository.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https:'),
    // In production the content origin has its own host name: a shared parent domain lets the
    // session cookie reach it for the admin preview (still SameSite=Strict: same site).
    ...(app.config.cookieDomain ? { domain: app.config.cookieDomain } : {}),
  } as const;

  app.post(
    '/api/auth/login',
    { ...access.public, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const result = await login(request.body, {
        db: app.db,
        ip: request.ip,
        now: new Date(),
        sessionTtlMs: app.config.sessionTtlMs,
      });
      reply.setCookie(SESSION_COOKIE, result.token, {
        ...cookieOptions,
        maxAge: Math.floor(app.config.sessionTtlMs / 1000),
      });
      return result;
    },
  );

  app.get(
    '/api/auth/me',
    { ...access.user, schema: { response: { 200: meResponseSchema } } },
    async (request) => {
      const { id, name, role } = request.requireCaller();
      const user = await findUserById(app.db, id);
      if (!user) throw unauthorized(authMessages.notSignedIn);
      const { firstname, email, telephone } = user;
      return {
        success: true as const,
        user: { id, name, role },
        profile: { name, firstname, email, telephone },
      };
    },
  );

  app.post(
    '/api/auth/logout',
    { ...access.user, schema: { response: { 200: z.object({ success: z.boolean() }) } } },
    async (request, reply) => {
      await deleteSession(app.db, request.requireCaller().sessionId);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { success: true };
    },
  );

  app.post(
    '/api/auth/setup-2fa',
    { ...access.admin, schema: { response: { 200: twoFactorSetupResponseSchema } } },
    async (request) => ({ success: true, ...(await toggleTwoFactor(app.db, request.requireCaller().id)) }),
  );

  app.get(
    '/api/admin/admintwofactorinfo',
    { ...access.admin, schema: { response: { 200: twoFactorInfoResponseSchema } } },
    async (request) => ({ success: true, ...(await getTwoFactorInfo(app.db, request.requireCaller().id)) }),
  );
};
