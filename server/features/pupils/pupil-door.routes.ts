// The pupils' door without an ENT (public routes under /api/classe/, docs/pupils.md): find a class
// by its code, sign in with the pictures or a card's QR token. The answer of a sign-in has the
// password login's shape; sign-ins and refusals go to the audit log as the teachers' do.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardSignInRequestSchema,
  classLookupRequestSchema,
  classLookupResponseSchema,
  type DoorSignInResponse,
  doorSignInResponseSchema,
  pictureSignInRequestSchema,
} from '../../../common/schemas/pupils.js';
import { access, HOST_COOKIE_OPTIONS, SESSION_COOKIE } from '../../access.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type DoorContext, lookupClass, signInWithCard, signInWithPictures } from './pupil-door.service.js';

export const pupilDoorRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = (ip: string): DoorContext => ({
    db: app.db,
    ip,
    now: new Date(),
    idleMs: app.config.pupilIdleMs,
  });

  /** Runs a sign-in, audits it (refusals with the reason the pupil was given), sets the cookie. */
  const audited = async (
    door: 'pictures' | 'card',
    reply: { setCookie: (name: string, value: string, options: object) => unknown },
    signIn: () => Promise<DoorSignInResponse>,
  ) => {
    const session = await signIn().catch(async (error: unknown) => {
      if (error instanceof HttpError) {
        await recordAudit(app.db, {
          actorId: null,
          action: 'auth.login-refused',
          entity: 'auth',
          entityId: null,
          details: { door: `classe-${door}`, reason: error.message, status: error.statusCode },
        });
      }
      throw error;
    });
    await recordAudit(app.db, {
      actorId: session.user.id,
      action: 'auth.login',
      entity: 'auth',
      entityId: null,
      details: { door: `classe-${door}` },
    });
    reply.setCookie(SESSION_COOKIE, session.token, HOST_COOKIE_OPTIONS);
    return session;
  };

  app.post(
    '/api/classe/group',
    {
      ...access.public,
      schema: { body: classLookupRequestSchema, response: { 200: classLookupResponseSchema } },
    },
    async (request) => lookupClass(request.body.classCode, contextOf(request.ip)),
  );

  app.post(
    '/api/classe/signin',
    {
      ...access.public,
      schema: { body: pictureSignInRequestSchema, response: { 200: doorSignInResponseSchema } },
    },
    async (request, reply) =>
      audited('pictures', reply, () => signInWithPictures(request.body, contextOf(request.ip))),
  );

  app.post(
    '/api/classe/card',
    {
      ...access.public,
      schema: { body: cardSignInRequestSchema, response: { 200: doorSignInResponseSchema } },
    },
    async (request, reply) =>
      audited('card', reply, () => signInWithCard(request.body.token, contextOf(request.ip))),
  );
};
