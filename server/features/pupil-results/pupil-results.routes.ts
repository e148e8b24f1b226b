// HTTP surface of a group's pupils' results (ours, beside the spec: docs/product.md): the grid, one
// pupil's detail and the CSV export. Each route reads the caller's group with the session
// (access.userGroup); another teacher's group, or a pupil not in the group, answers 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/ids.js';
import {
  pupilDetailResponseSchema,
  pupilResultsResponseSchema,
} from '../../../common/schemas/pupil-results.js';
import { access } from '../../access.js';
import { largeJsonResponse } from '../../large-json.js';
import { sendCsv } from '../insights/csv.js';
import { pupilDetail, pupilResults, pupilResultsCsv } from './pupil-results.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });
const pupilParamsSchema = z.object({ groupId: idSchema, pupilId: idSchema });

export const pupilResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/groups/:groupId/results',
    {
      ...access.userGroup,
      // Up to 35 × 200 cells: plain JSON (gzip when accepted); the schema stays for the API document
      // and the tests (server/large-json.ts).
      ...largeJsonResponse,
      schema: { params: groupParamsSchema, response: { 200: pupilResultsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return pupilResults(app.db, request.requireCaller(), request.params.groupId, request.ownedGroup);
    },
  );

  app.get(
    '/api/user/groups/:groupId/results.csv',
    { ...access.userGroup, schema: { params: groupParamsSchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        await pupilResultsCsv(app.db, request.requireCaller(), request.params.groupId, request.ownedGroup),
      ),
  );

  app.get(
    '/api/user/groups/:groupId/results/:pupilId',
    {
      ...access.userGroup,
      ...largeJsonResponse,
      schema: { params: pupilParamsSchema, response: { 200: pupilDetailResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return pupilDetail(
        app.db,
        request.requireCaller(),
        request.params.groupId,
        request.params.pupilId,
        request.ownedGroup,
      );
    },
  );
};
