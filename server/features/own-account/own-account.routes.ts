// HTTP surface of a signed-in user's own account, beside the spec's calls: the teacher's
// profile as /useroptions shows it, and a password change with the current password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownPasswordSchema, ownProfileResponseSchema } from '../../../common/schemas/account-access.js';
import { access } from '../../access.js';
import { knownDeviceId } from '../auth/accounts.service.js';
import { changeOwnPassword, getOwnTeacherProfile } from './own-account.service.js';

export const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/profile',
    { ...access.user, schema: { response: { 200: ownProfileResponseSchema } } },
    async (request) => ({
      success: true as const,
      profile: await getOwnTeacherProfile(app.db, request.requireCaller()),
    }),
  );

  app.post(
    '/api/user/password',
    {
      ...access.user,
      schema: { body: ownPasswordSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await changeOwnPassword(app.db, request.requireCaller(), request.body, {
        ip: request.ip,
        now: new Date(),
        knownDevice: (userId) => knownDeviceId(app.db, request, userId),
      });
      return { success: true as const };
    },
  );
};
