// HTTP surface of the pupil's space (docs/pupils.md#lespace-de-lélève): a signed-in pupil only
// (access.pupil), under /api/eleve/. Their activities play through the entry routes
// (access.signedIn: server/features/runtime).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/ids.js';
import { pupilGroupResponseSchema, pupilGroupsResponseSchema } from '../../../common/schemas/pupil-space.js';
import { access } from '../../access.js';
import { listPupilGroups, loadPupilGroup } from './pupil-space.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });

export const pupilSpaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/eleve/groups',
    { ...access.pupil, schema: { response: { 200: pupilGroupsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { pupil, groups } = await listPupilGroups(app.db, request.requireCaller().id);
      return {
        success: true as const,
        pupil,
        idleMinutes: Math.round(app.config.pupilIdleMs / 60_000),
        groups,
      };
    },
  );

  app.get(
    '/api/eleve/groups/:groupId',
    { ...access.pupil, schema: { params: groupParamsSchema, response: { 200: pupilGroupResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await loadPupilGroup(app.db, request.requireCaller().id, request.params.groupId)),
      };
    },
  );
};
