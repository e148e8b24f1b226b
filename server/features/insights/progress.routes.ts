// HTTP surface of a group's progress report (the caller's own groups only; any other: 404): the
// overview of /usertable/{id}, and CSV exports of one group or of all the caller's groups in a level.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/ids.js';
import { groupOverviewResponseSchema } from '../../../common/schemas/insights.js';
import { access } from '../../access.js';
import { sendCsv } from './csv.js';
import { groupCsv, groupOverview, levelCsv } from './progress.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });
const levelParamsSchema = z.object({ levelId: idSchema });

export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/groupoverview/:groupId',
    { ...access.user, schema: { params: groupParamsSchema, response: { 200: groupOverviewResponseSchema } } },
    async (request) => groupOverview(app.db, request.requireCaller(), request.params.groupId),
  );

  app.get(
    '/api/user/groupexport/:groupId',
    { ...access.user, schema: { params: groupParamsSchema } },
    async (request, reply) =>
      sendCsv(reply, await groupCsv(app.db, request.requireCaller(), request.params.groupId)),
  );

  app.get(
    '/api/user/levelexport/:levelId',
    { ...access.user, schema: { params: levelParamsSchema } },
    async (request, reply) =>
      sendCsv(reply, await levelCsv(app.db, request.requireCaller(), request.params.levelId)),
  );
};
