// HTTP surface of the runtime data: what the player loads before it starts an activity (its
// package and the kept runtime data, so it resumes on any device), the writes the app page relays
// from the player, and the xAPI statements an entry's content sent. Bearer only, like the other
// user/ calls: the content origin never holds the token. A pupil plays through the same routes
// (access.signedIn): the entry check finds only their own entries (docs/pupils.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RUNTIME_DATA_MAX_BYTES, RUNTIME_WRITES_MAX_PER_REQUEST } from '../../../common/constants.js';
import {
  activityLaunchResponseSchema,
  launchMarksQuerySchema,
  launchMarksResponseSchema,
  runtimeWritesBodySchema,
  runtimeWritesResponseSchema,
} from '../../../common/schemas/activity-runtime.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { statementsResponseSchema } from '../../../common/schemas/xapi.js';
import { access } from '../../access.js';
import { loadActivityLaunch } from './runtime-launch.service.js';
import { listEntryStatements } from './runtime-statements.service.js';
import { applyRuntimeWrites, readLaunchMarks } from './runtime-writes.service.js';

/** A request holding as many writes as allowed, each at its size cap, is never refused for its
 * size (1 KiB per write for the envelope); each write's own caps are checked after parsing. */
const WRITES_BODY_LIMIT = RUNTIME_WRITES_MAX_PER_REQUEST * (RUNTIME_DATA_MAX_BYTES + 1024);

export const runtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/activity/launch/:id',
    {
      ...access.signedIn,
      schema: { params: idParamsSchema, response: { 200: activityLaunchResponseSchema } },
    },
    async (request, reply) => {
      // Runtime data changes with every write: never reuse a stored copy.
      reply.header('cache-control', 'private, no-store');
      return loadActivityLaunch(app.db, request.requireCaller(), request.params.id, app.config.publicUrl);
    },
  );

  app.get(
    '/api/user/activity/statements/:id',
    { ...access.user, schema: { params: idParamsSchema, response: { 200: statementsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const statements = await listEntryStatements(app.db, request.requireCaller(), request.params.id);
      return { success: true as const, statements };
    },
  );

  app.get(
    '/api/user/activity/runtime/:id',
    {
      ...access.runtimeWrites,
      schema: {
        params: idParamsSchema,
        querystring: launchMarksQuerySchema,
        response: { 200: launchMarksResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { id } = request.params;
      const launches = await readLaunchMarks(app.db, request.requireCaller(), id, request.query.launches);
      return { success: true as const, launches };
    },
  );

  app.post(
    '/api/user/activity/runtime/:id',
    {
      ...access.runtimeWrites,
      bodyLimit: WRITES_BODY_LIMIT,
      schema: {
        params: idParamsSchema,
        body: runtimeWritesBodySchema,
        response: { 200: runtimeWritesResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await applyRuntimeWrites(
        app.db,
        app.config.database.kind,
        request.requireCaller(),
        id,
        request.body.writes,
        new Date(),
        app.config.publicUrl,
      );
      return { success: true as const, ...result };
    },
  );
};
