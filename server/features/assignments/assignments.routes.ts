// HTTP surface of the work a teacher gives a group's pupils (docs/pupils.md#le-travail-donné),
// beside the spec's learning table: give, take back, and what the pupils did of each given
// activity. The session and the group are read in one statement (access.userGroup).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentsResponseSchema,
  giveBodySchema,
  retireBodySchema,
} from '../../../common/schemas/assignments.js';
import { idSchema } from '../../../common/schemas/ids.js';
import { access } from '../../access.js';
import { giveToPupils, listAssignments, retireFromPupils } from './assignments.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });
const PATH = '/api/user/groups/:groupId/assignments';

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATH,
    {
      ...access.userGroup,
      schema: { params: groupParamsSchema, response: { 200: assignmentsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { success: true as const, assignments: await listAssignments(app.db, request.ownedGroup) };
    },
  );

  app.post(
    PATH,
    {
      ...access.userGroup,
      schema: {
        params: groupParamsSchema,
        body: giveBodySchema,
        response: { 200: assignmentsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      assignments: await giveToPupils(app.db, request.ownedGroup, request.body, new Date()),
    }),
  );

  app.delete(
    PATH,
    {
      ...access.userGroup,
      schema: {
        params: groupParamsSchema,
        body: retireBodySchema,
        response: { 200: assignmentsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      assignments: await retireFromPupils(app.db, request.ownedGroup, request.body),
    }),
  );
};
