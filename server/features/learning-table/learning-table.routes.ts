// HTTP surface of the learning table (SPEC §7 "Learner"): the table of a group and the status
// change of an activity.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/ids.js';
import { successResponseSchema, userTableResponseSchema } from '../../../common/schemas/learner.js';
import { access } from '../../plugins/auth.js';
import { completeActivity, loadUserTable } from './learning-table.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });
const activityParamsSchema = z.object({ activityId: idSchema });

export const learningTableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/usertable/:groupId',
    { ...access.user, schema: { params: groupParamsSchema, response: { 200: userTableResponseSchema } } },
    async (request) => ({
      res: await loadUserTable(app.db, request.requireCaller(), request.params.groupId),
    }),
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
