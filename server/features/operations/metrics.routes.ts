// GET /metrics on the app origin: Prometheus text for callers with the METRICS_TOKEN bearer token.
// Off (404) without a token configured. Not under /api: no session rule applies, the token is the rule.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpMessages } from '../../../common/messages/http.js';
import { operationsMessages } from '../../../common/messages/operations.js';
import type { Metrics } from './metrics.js';

export const metricsRoutes: FastifyPluginAsyncZod<{ metrics?: Metrics }> = async (app, { metrics }) => {
  const token = app.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (!metrics || !token) return reply.status(404).send({ success: false, message: httpMessages.notFound });
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send({ success: false, message: operationsMessages.metricsTokenRequired });
    }
    reply.header('cache-control', 'no-store');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

/** Compares in constant time (hashes first, so lengths do not leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
