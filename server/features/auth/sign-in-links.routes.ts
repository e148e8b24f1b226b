// HTTP surface of the page behind a one-time sign-in link: what the link is for, and the
// password chosen through it. Public: the token itself is the credential (256 random bits, hashed
// at rest, one use, an expiry); it travels in the body, never in a URL a log could keep.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  signInLinkCheckSchema,
  signInLinkInfoResponseSchema,
  signInLinkPasswordResponseSchema,
  signInLinkPasswordSchema,
} from '../../../common/schemas/account-access.js';
import { access } from '../../access.js';
import { recordAudit } from '../audit/audit.repository.js';
import { choosePasswordWithLink, describeSignInLink } from './sign-in-links.service.js';

export const signInLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/sign-in-link',
    {
      ...access.public,
      schema: { body: signInLinkCheckSchema, response: { 200: signInLinkInfoResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await describeSignInLink(app.db, request.body.token, new Date())),
    }),
  );

  app.post(
    '/api/auth/sign-in-link/password',
    {
      ...access.public,
      schema: { body: signInLinkPasswordSchema, response: { 200: signInLinkPasswordResponseSchema } },
    },
    async (request) => {
      const { email, userId } = await choosePasswordWithLink(app.db, request.body, new Date());
      await recordAudit(app.db, {
        actorId: userId,
        action: 'user.choose-password',
        entity: 'user',
        entityId: userId,
      });
      return { success: true as const, email };
    },
  );
};
