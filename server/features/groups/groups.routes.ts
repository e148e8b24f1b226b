// HTTP surface of the teacher's levels and groups (docs/product.md#teacher-calls).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createClassGroupsResponseSchema,
  teacherClassesResponseSchema,
} from '../../../common/schemas/ent.js';
import { idSchema } from '../../../common/schemas/ids.js';
import {
  createGroupBodySchema,
  createGroupRefusalSchema,
  createGroupResponseSchema,
  groupsResponseSchema,
  successResponseSchema,
  userLevelsResponseSchema,
} from '../../../common/schemas/teacher-area.js';
import { access } from '../../access.js';
import { HttpError } from '../../http-error.js';
import { findCallerLevels } from './group-access.repository.js';
import { createClassGroups, createGroup, deleteGroup, listClasses, listGroups } from './groups.service.js';

const levelParamsSchema = z.object({ levelId: idSchema });
const groupParamsSchema = z.object({ id: idSchema });

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/getuserlevels',
    { ...access.user, schema: { response: { 200: userLevelsResponseSchema } } },
    async (request) => ({ res: await findCallerLevels(app.db, request.requireCaller()) }),
  );

  app.get(
    '/api/user/getgroups/:levelId',
    { ...access.user, schema: { params: levelParamsSchema, response: { 200: groupsResponseSchema } } },
    async (request) => ({ res: await listGroups(app.db, request.requireCaller(), request.params.levelId) }),
  );

  app.post(
    '/api/user/creategroups/:levelId',
    {
      ...access.user,
      schema: {
        params: levelParamsSchema,
        body: createGroupBodySchema,
        response: { 200: createGroupResponseSchema, 409: createGroupRefusalSchema },
      },
    },
    async (request, reply) => {
      try {
        const group = await createGroup(
          app.db,
          app.config.database.kind,
          request.requireCaller(),
          request.params.levelId,
          request.body.title,
        );
        return { success: true as const, group };
      } catch (error) {
        // The spec's client shows `error` after 'Error creating group : '.
        if (error instanceof HttpError && error.statusCode === 409) {
          return reply.status(409).send({ success: false, error: error.message, message: error.message });
        }
        throw error;
      }
    },
  );

  // The classes the ENT sent (ours: the spec has no ENT).
  app.get(
    '/api/user/classes/:levelId',
    {
      ...access.user,
      schema: { params: levelParamsSchema, response: { 200: teacherClassesResponseSchema } },
    },
    async (request) => ({
      classes: await listClasses(app.db, request.requireCaller(), request.params.levelId),
    }),
  );

  app.post(
    '/api/user/createclassgroups/:levelId',
    {
      ...access.user,
      schema: { params: levelParamsSchema, response: { 200: createClassGroupsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await createClassGroups(
        app.db,
        app.config.database.kind,
        request.requireCaller(),
        request.params.levelId,
      )),
    }),
  );

  app.delete(
    '/api/user/deletegroup/:id',
    { ...access.user, schema: { params: groupParamsSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await deleteGroup(app.db, request.requireCaller(), request.params.id);
      return { success: true as const };
    },
  );
};
