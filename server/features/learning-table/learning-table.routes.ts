// HTTP surface of the learning table (docs/product.md#teacher-calls): the table of a group and the status
// change of an activity.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/ids.js';
import { successResponseSchema, userTableResponseSchema } from '../../../common/schemas/teacher-area.js';
import { access } from '../../access.js';
import { sendPreparedJson } from '../../large-json.js';
import { completeActivity, loadUserTableBody } from './learning-table.service.js';
import { TableCache } from './table-cache.js';

const groupParamsSchema = z.object({ groupId: idSchema });
const activityParamsSchema = z.object({ activityId: idSchema });

export const learningTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const tables = new TableCache();

  app.get(
    '/api/user/usertable/:groupId',
    // The body is built (and checked against the schema) once per version, then sent as bytes.
    // The session and the group are read in one statement (access.userGroup): one round trip.
    {
      ...access.userGroup,
      schema: { params: groupParamsSchema, response: { 200: userTableResponseSchema } },
    },
    async (request, reply) => {
      const body = await loadUserTableBody(
        app.db,
        tables,
        request.requireCaller(),
        request.params.groupId,
        request.ownedGroup,
      );
      // Revalidated on every use: progress changes with each click.
      reply.header('cache-control', 'private, no-cache');
      return sendPreparedJson(request, reply, body);
    },
  );

  app.patch(
    '/api/user/updatePending/:activityId',
    { ...access.user, schema: { params: activityParamsSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await completeActivity(app.db, request.requireCaller(), request.params.activityId, new Date());
      return { success: true as const };
    },
  );
};
