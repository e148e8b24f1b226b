// GET /healthz (the process answers) and GET /readyz (it can serve: database, file store, schema),
// for load balancers and orchestrators. Public, cheap, JSON; 503 with the reasons when not ready.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationsMessages } from '../../../common/messages/operations.js';
import { access } from '../../access.js';
import { checkReadiness } from './readiness.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', access.public, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, status: 'alive' };
  });

  app.get('/readyz', access.public, async (_request, reply) => {
    const readiness = await checkReadiness(app.db, app.files);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return { success: true, status: 'ready', checks: readiness.checks };
    return reply.status(503).send({
      success: false,
      message: `${operationsMessages.notReady}: ${readiness.problems.join('; ')}`,
      checks: readiness.checks,
    });
  });
};
