// HTTP surface of the admin's own profile: PATCH admin/updateadmin (docs/product.md#api-calls). The 2FA calls
// (auth/setup-2fa, admin/admintwofactorinfo) live with sign-in in features/auth.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProfileResponseSchema, adminProfileSchema } from '../../../common/schemas/admin-profile.js';
import { access } from '../../access.js';
import { updateAdminProfile } from './admin-profile.service.js';

export const adminProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/updateadmin',
    { ...access.admin, schema: { body: adminProfileSchema, response: { 200: adminProfileResponseSchema } } },
    async (request) => ({
      success: true as const,
      admin: await updateAdminProfile(app.db, request.requireCaller(), request.body),
    }),
  );
};
