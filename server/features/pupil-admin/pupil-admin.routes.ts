// HTTP surface of what an admin does with a school's pupils (docs/privacy.md): the school's pupils,
// one pupil's data export (a JSON download), and erasing a pupil. Admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import {
  pupilExportSchema,
  pupilIdParamsSchema,
  schoolPupilsQuerySchema,
  schoolPupilsResponseSchema,
} from '../../../common/schemas/pupil-admin.js';
import { successResponseSchema } from '../../../common/schemas/schools.js';
import { access } from '../../access.js';
import { erasePupil, exportPupil, listSchoolPupils } from './pupil-admin.service.js';

export const pupilAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/schools/:id/pupils',
    {
      ...access.admin,
      schema: {
        params: idParamsSchema,
        querystring: schoolPupilsQuerySchema,
        response: { 200: schoolPupilsResponseSchema },
      },
    },
    async (request) => listSchoolPupils(app.db, request.params.id, request.query),
  );

  app.get(
    '/api/admin/pupils/:id/export',
    { ...access.admin, schema: { params: pupilIdParamsSchema, response: { 200: pupilExportSchema } } },
    async (request, reply) => {
      const exported = await exportPupil(app.db, request.requireCaller().id, request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="eleve-${request.params.id}-donnees.json"`)
        .header('cache-control', 'private, no-store')
        .send(exported);
    },
  );

  app.delete(
    '/api/admin/pupils/:id',
    { ...access.admin, schema: { params: pupilIdParamsSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await erasePupil(app.db, request.requireCaller().id, request.params.id);
      return { success: true as const };
    },
  );
};
