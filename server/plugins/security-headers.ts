// The app origin's security headers (docs/decisions.md#identity-and-security-model), by helmet. The middleware is built once: the
// Fastify adapter builds it anew on every request, which re-parses the whole CSP each time.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { activityOriginsSource } from '../../common/content/activity-origin.js';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { contentUrl: string; https: boolean }) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // The preview's probe of a package's start page, on the package's own origin.
          connectSrc: [...new Set(["'self'", options.contentUrl, activityOriginsSource(options.contentUrl)])],
          // The admin's previews on each package's origin, the player on each activity's own.
          frameSrc: [...new Set(["'self'", options.contentUrl, activityOriginsSource(options.contentUrl)])],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: options.https,
      referrerPolicy: { policy: 'no-referrer' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
