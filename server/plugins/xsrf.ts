// XSRF double-submit: a readable `__Host-XSRF-TOKEN` cookie (host-only: no sibling host can plant
// or shadow it), echoed by the client in X-XSRF-TOKEN on every state-changing request. A request
// refused for a missing or wrong token gets a fresh cookie with its 403, so the client's retry works.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages } from '../../common/messages/auth.js';
import { HOST_COOKIE_OPTIONS } from '../access.js';
import { forbidden } from '../http-error.js';

export const XSRF_COOKIE = '__Host-XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A cross-site POST that cannot carry the header (the SAML IdP's answer): the route checks the
     * request against state it keeps instead (InResponseTo). */
    xsrfExempt?: true;
  }
  interface FastifyRequest {
    /** Set when the request's token was refused: its answer carries a fresh one. */
    xsrfRefused?: true;
  }
}

export const xsrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('xsrfRefused', undefined);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.xsrfExempt) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
        request.xsrfRefused = true;
        throw forbidden(authMessages.xsrfInvalid);
      }
    });
    app.addHook('onSend', async (request, reply) => {
      // Answered before the cookies were read, or clearing them (cookie-overflow.ts): none set.
      if (!request.cookies || reply.hasHeader('clear-site-data')) return;
      if (request.cookies[XSRF_COOKIE] && !request.xsrfRefused) return;
      reply.setCookie(XSRF_COOKIE, crypto.randomBytes(24).toString('base64url'), {
        ...HOST_COOKIE_OPTIONS,
        httpOnly: false,
      });
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
