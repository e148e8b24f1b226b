// HTTP surface of teachers (docs/product.md#admin-calls): list, create, edit, activate/deactivate, delete, and the
// school and level options of the teacher form; beside them, a teacher created without a password and
// the "Mot de passe oublié" link. Admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  signInLinkResponseSchema,
  teacherInviteResponseSchema,
  teacherInviteSchema,
} from '../../../common/schemas/account-access.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { successResponseSchema } from '../../../common/schemas/schools.js';
import {
  getTeachersResponseSchema,
  levelsAndSchoolsResponseSchema,
  teacherCreateSchema,
  teacherEditSchema,
  teacherResponseSchema,
  teacherToggleResponseSchema,
} from '../../../common/schemas/teachers.js';
import { access } from '../../access.js';
import { largeJsonResponse } from '../../large-json.js';
import { groupLevelsByTeacher, groupProvidersByTeacher, presentTeacher } from './teacher.presenter.js';
import {
  listEntProviders,
  listLevelLinks,
  listSchoolAndLevelOptions,
  listTeacherRows,
} from './teacher.repository.js';
import {
  createTeacher,
  deleteTeacher,
  editTeacher,
  inviteTeacher,
  issueTeacherResetLink,
  toggleTeacherActive,
} from './teacher.service.js';

export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkContext = () => ({ publicUrl: app.config.publicUrl, mailer: app.mailer });

  app.get(
    '/api/admin/getteachers',
    { ...access.admin, ...largeJsonResponse, schema: { response: { 200: getTeachersResponseSchema } } },
    async () => {
      const [rows, levels, providers] = await Promise.all([
        listTeacherRows(app.db),
        listLevelLinks(app.db),
        listEntProviders(app.db),
      ]);
      const levelsByTeacher = groupLevelsByTeacher(levels);
      const providersByTeacher = groupProvidersByTeacher(providers);
      return {
        success: true as const,
        teachers: rows.map((row) =>
          presentTeacher(row, levelsByTeacher.get(row.id), providersByTeacher.get(row.id)),
        ),
      };
    },
  );

  app.get(
    '/api/admin/getlevel&schools',
    { ...access.admin, schema: { response: { 200: levelsAndSchoolsResponseSchema } } },
    async () => ({ success: true as const, ...(await listSchoolAndLevelOptions(app.db)) }),
  );

  app.post(
    '/api/admin/createteacher',
    { ...access.admin, schema: { body: teacherCreateSchema, response: { 201: teacherResponseSchema } } },
    async (request, reply) => {
      const teacher = await createTeacher(app.db, request.requireCaller().id, request.body);
      return reply.status(201).send({ success: true as const, teacher });
    },
  );

  // Beside the spec's create: a teacher without a password, who chooses one through a link.
  app.post(
    '/api/admin/teachers/invite',
    {
      ...access.admin,
      schema: { body: teacherInviteSchema, response: { 201: teacherInviteResponseSchema } },
    },
    async (request, reply) => {
      const created = await inviteTeacher(app.db, request.requireCaller().id, request.body, linkContext());
      return reply.status(201).send({ success: true as const, ...created });
    },
  );

  // "Mot de passe oublié": a one-time link for the teacher to choose a new password.
  app.post(
    '/api/admin/teachers/:id/sign-in-link',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: signInLinkResponseSchema } } },
    async (request) => ({
      success: true as const,
      link: await issueTeacherResetLink(app.db, request.requireCaller().id, request.params.id, linkContext()),
    }),
  );

  app.patch(
    '/api/admin/editteacherteacher/:id',
    {
      ...access.admin,
      schema: { params: idParamsSchema, body: teacherEditSchema, response: { 200: teacherResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      teacher: await editTeacher(app.db, request.requireCaller().id, request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/admin/toggleactive/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: teacherToggleResponseSchema } } },
    async (request) => ({
      success: true as const,
      active: await toggleTeacherActive(app.db, request.requireCaller().id, request.params.id),
    }),
  );

  app.delete(
    '/api/admin/removeteacher/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await deleteTeacher(app.db, request.requireCaller().id, request.params.id);
      return { success: true as const };
    },
  );
};
