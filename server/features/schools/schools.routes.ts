// HTTP surface of schools (docs/product.md#admin-calls): list, create, edit, licence toggle, delete. Admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import {
  getSchoolsResponseSchema,
  schoolCreateSchema,
  schoolEditSchema,
  schoolResponseSchema,
  schoolToggleResponseSchema,
  successResponseSchema,
} from '../../../common/schemas/schools.js';
import { access } from '../../access.js';
import { largeJsonResponse } from '../../large-json.js';
import {
  createSchool,
  deleteSchool,
  editSchool,
  listSchools,
  type SchoolContext,
  toggleSchoolLicence,
} from './school.service.js';

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: SchoolContext = {
    db: app.db,
    subscriptions: app.config.garSubscriptions,
    casAllowPrivateAddresses: app.config.casAllowPrivateAddresses,
  };
  // A licence change may have queued a GAR subscription: the sender goes once the change is saved.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) app.kickSubscriptions();
  });

  app.get(
    '/api/admin/getschools',
    { ...access.admin, ...largeJsonResponse, schema: { response: { 200: getSchoolsResponseSchema } } },
    async () => ({
      success: true as const,
      schools: await listSchools(app.db),
    }),
  );

  app.post(
    '/api/admin/createschool',
    { ...access.admin, schema: { body: schoolCreateSchema, response: { 201: schoolResponseSchema } } },
    async (request, reply) => {
      const school = await createSchool(ctx, request.requireCaller().id, request.body);
      return reply.status(201).send({ success: true as const, school });
    },
  );

  app.patch(
    '/api/admin/editschoolform/:id',
    {
      ...access.admin,
      schema: { params: idParamsSchema, body: schoolEditSchema, response: { 200: schoolResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      school: await editSchool(ctx, request.requireCaller().id, request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/admin/schooltoggle/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: schoolToggleResponseSchema } } },
    async (request) => ({
      success: true as const,
      activelicense: await toggleSchoolLicence(ctx, request.requireCaller().id, request.params.id),
    }),
  );

  app.delete(
    '/api/admin/school/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await deleteSchool(ctx, request.requireCaller().id, request.params.id);
      return { success: true as const };
    },
  );
};
