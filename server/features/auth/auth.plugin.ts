// Identifies the caller of every /api route and enforces the route's declared access rule.
// Every /api route must declare `config.auth`; registration fails otherwise, so no route is
// reachable by accident. The bearer header works everywhere; the session cookie and `?token=`
// only where a route opts in (frames and streams), so a page on the content origin cannot act
// as the user (docs/decisions.md#identity-and-security-model). The rules themselves are in server/access.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages } from '../../../common/messages/auth.js';
import { idSchema } from '../../../common/schemas/ids.js';
import { type AuthRule, SESSION_COOKIE } from '../../access.js';
import { forbidden, unauthorized } from '../../http-error.js';
import type { OwnedGroup } from '../groups/group-access.repository.js';
import type { Caller } from './caller.js';
import { findPreviewPassCaller } from './preview-pass.js';
import { findSessionUser, findSessionUserAndGroup, slideSession } from './session.repository.js';
import { findWritePassCaller, WRITE_PASS_HEADER } from './write-pass.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The signed-in caller; only call on routes whose rule is not public. */
    requireCaller(): Caller;
    /** On routes with a `groupParam` rule: the group, read with the session; null when the caller
     * may not see it; undefined when not read (the parameter is not an id: validation refuses it). */
    ownedGroup: OwnedGroup | null | undefined;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('ownedGroup', undefined);
    app.decorateRequest('requireCaller', function (this: FastifyRequest) {
      if (!this.caller) throw unauthorized(authMessages.notSignedIn);
      return this.caller;
    });

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.config?.auth && !route.url.startsWith('/api/docs')) {
        throw new Error(`Route ${route.method} ${route.url} declares no auth rule`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.auth;
      if (!rule) return;
      if (rule.via?.includes('preview-pass')) request.caller = await previewPassCaller(app, request);
      if (rule.via?.includes('write-pass')) request.caller = await writePassCaller(app, request);
      const token = credentialFrom(request, rule);
      const groupId = rule.groupParam ? groupIdOf(request, rule.groupParam) : undefined;
      if (token && groupId !== undefined) {
        const found = await findSessionUserAndGroup(app.db, token, new Date(), groupId);
        request.caller = found?.caller ?? null;
        request.ownedGroup = found?.group ?? null;
      } else if (token && !request.caller) {
        request.caller = await findSessionUser(app.db, token, new Date());
      }
      if (rule.role !== 'public') {
        if (!request.caller) throw unauthorized(authMessages.notSignedIn);
        if (!mayCall(rule.role, request.caller.role)) throw forbidden(authMessages.forbidden);
      }
      // A pupil is signed out after PUPIL_IDLE_MINUTES without a request: each request they may
      // make pushes the end forward (docs/pupils.md). Only after the rule's check: a refused call
      // is no sign of work and must not keep a forgotten tablet signed in.
      const caller = request.caller;
      if (caller?.role === 'pupil' && caller.expires_at) {
        await slideSession(
          app.db,
          { sessionId: caller.sessionId, expires_at: caller.expires_at },
          new Date(),
          app.config.pupilIdleMs,
        );
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie', 'context'] },
);

/** Whether a signed-in caller of this role may call a route of this rule. A pupil reaches only the
 * pupil and signed-in routes: every spec route ('user', 'admin') refuses them. */
function mayCall(rule: Exclude<AuthRule['role'], 'public'>, role: Caller['role']): boolean {
  switch (rule) {
    case 'admin':
      return role === 'admin';
    case 'user':
      return role !== 'pupil';
    case 'pupil':
      return role === 'pupil';
    case 'signedIn':
      return true;
  }
}

/** The caller behind the admin preview's pass in the path, for the activity the path names. */
async function previewPassCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller | null> {
  const { id, pass } = request.params as Record<string, string | undefined>;
  const activityId = idSchema.safeParse(id);
  if (!pass || !activityId.success) return null;
  return findPreviewPassCaller(app.db, pass, activityId.data, new Date());
}

/** The pupil behind a write pass in its header, for the entry the path names (the pass wins over
 * the session: a shared tablet sends a signed-out pupil's writes with the next pupil's token). */
async function writePassCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller | null> {
  const pass = request.headers[WRITE_PASS_HEADER];
  const entryId = idSchema.safeParse((request.params as Record<string, unknown>).id);
  if (typeof pass !== 'string' || !pass || !entryId.success) return null;
  return findWritePassCaller(app.db, pass, entryId.data, new Date());
}

function groupIdOf(request: FastifyRequest, param: string): number | undefined {
  const parsed = idSchema.safeParse((request.params as Record<string, unknown>)[param]);
  return parsed.success ? parsed.data : undefined;
}

function credentialFrom(request: FastifyRequest, rule: AuthRule): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  if (rule.via?.includes('query')) {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  if (rule.via?.includes('cookie')) return request.cookies[SESSION_COOKIE] || undefined;
  return undefined;
}
