// Builds the two Fastify apps: the app origin (API + SPA) and the content origin (untrusted
// activity files and the offline player). Both share one database and one file store.
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { CONNECTION_ALLOWLIST } from '../common/content/package-csp.js';
import { httpMessages } from '../common/messages/http.js';
import { access } from './access.js';
import { adminProfileRoutes } from './features/admin-profile/admin-profile.routes.js';
import { assignmentsRoutes } from './features/assignments/assignments.routes.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { authPlugin } from './features/auth/auth.plugin.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { signInLinksRoutes } from './features/auth/sign-in-links.routes.js';
import { contentRoutes } from './features/content/content.routes.js';
import { contentOriginRoutes } from './features/content/content-origin.routes.js';
import { curriculumRoutes } from './features/curriculum/curriculum.routes.js';
import { lockFilesWithDatabase } from './features/curriculum/stored-files.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { casRoutes } from './features/ent/cas.routes.js';
import { entSessionRoutes } from './features/ent/ent-session.routes.js';
import { samlRoutes } from './features/ent/saml.routes.js';
import { subscriptionSenderPlugin } from './features/gar-subscriptions/subscription-sender.js';
import { groupsRoutes } from './features/groups/groups.routes.js';
import { importRoutes } from './features/imports/import.routes.js';
import { progressRoutes } from './features/insights/progress.routes.js';
import { learningTableRoutes } from './features/learning-table/learning-table.routes.js';
import { mailPlugin } from './features/mail/mail.plugin.js';
import { healthRoutes } from './features/operations/health.routes.js';
import { createMetrics, type Metrics } from './features/operations/metrics.js';
import { metricsRoutes } from './features/operations/metrics.routes.js';
import { ownAccountRoutes } from './features/own-account/own-account.routes.js';
import { playerRoutes } from './features/player/player.routes.js';
import { playerOriginRoutes } from './features/player/player-origin.routes.js';
import { pupilAdminRoutes } from './features/pupil-admin/pupil-admin.routes.js';
import { pupilRetentionPlugin } from './features/pupil-admin/pupil-retention.plugin.js';
import { pupilResultsRoutes } from './features/pupil-results/pupil-results.routes.js';
import { pupilSpaceRoutes } from './features/pupil-space/pupil-space.routes.js';
import { pupilDoorRoutes } from './features/pupils/pupil-door.routes.js';
import { rosterRoutes } from './features/pupils/roster.routes.js';
import { runtimeRoutes } from './features/runtime/runtime.routes.js';
import { schoolsRoutes } from './features/schools/schools.routes.js';
import { teachersRoutes } from './features/teachers/teachers.routes.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { badRequest } from './http-error.js';
import { jsonTooDeep } from './json-depth.js';
import { loggerOptions } from './logger.js';
import { type AppContext, contextPlugin } from './plugins/context.js';
import { guardCookieOverflow, MAX_HEADER_BYTES } from './plugins/cookie-overflow.js';
import { answerClientError, errorsPlugin, toErrorReply } from './plugins/errors.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { xsrfPlugin } from './plugins/xsrf.js';
import { projectRoot } from './project-root.js';

export type BuildOptions = AppContext & {
  /** Shared by both origins when given; else the app origin makes its own when METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** Folder of the built SPA; when missing, only the API is served (API tests). */
  webDir?: string;
  logger?: boolean;
};

function baseApp(options: BuildOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.config.logLevel),
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // Errors raised before a route is found (bad URL encoding, an over-long parameter) and by the
    // HTTP parser (huge headers) leave in our shape too, never in Fastify's or Node's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, message } = toErrorReply(error);
      return reply.status(status).send({ success: false, message });
    },
    clientErrorHandler: answerClientError,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
  });
  guardCookieOverflow(app, options.config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodiless POST/PATCH calls (logout, toggles) may still say application/json: an empty body is
  // "no body", not a parse error. Too deep a nesting is refused before any recursive work (see
  // json-depth.ts). Everything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text)) return done(badRequest(httpMessages.jsonTooDeep), undefined);
    parseJson(request, text, done);
  });
  return app;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = baseApp(options).withTypeProvider<ZodTypeProvider>();

  await app.register(contextPlugin, options);
  lockFilesWithDatabase(options.db);
  const metrics = options.metrics ?? (config.metricsToken ? createMetrics(options.db) : undefined);
  metrics?.instrument(app, 'app');
  await app.register(metricsRoutes, { metrics });
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    contentUrl: config.contentUrl,
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(xsrfPlugin);
  await app.register(authPlugin);
  await app.register(subscriptionSenderPlugin);
  await app.register(mailPlugin);
  await app.register(pupilRetentionPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Ardoise API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const routes of [
    authRoutes,
    entSessionRoutes,
    samlRoutes,
    casRoutes,
    signInLinksRoutes,
    dashboardRoutes,
    schoolsRoutes,
    teachersRoutes,
    adminProfileRoutes,
    ownAccountRoutes,
    curriculumRoutes,
    uploadsRoutes,
    contentRoutes,
    groupsRoutes,
    learningTableRoutes,
    assignmentsRoutes,
    pupilSpaceRoutes,
    playerRoutes,
    runtimeRoutes,
    healthRoutes,
    auditRoutes,
    progressRoutes,
    importRoutes,
    pupilAdminRoutes,
    pupilResultsRoutes,
    rosterRoutes,
    pupilDoorRoutes,
  ]) {
    await app.register(routes);
  }

  const webDir = options.webDir ?? path.join(projectRoot(), 'dist', 'web');
  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
    // Built assets carry a content hash in their name: cache them for good.
    app.get('/assets/*', access.public, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.join('assets', file));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (hasWeb && wantsPage) {
      // Client-side routes: the SPA decides, including its own 404 page.
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: httpMessages.notFound });
  });

  return app;
}

/** The content origin: a separate listener so untrusted activity code never runs on the app origin. */
export async function buildContentApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = baseApp(options).withTypeProvider<ZodTypeProvider>();
  await app.register(contextPlugin, options);
  options.metrics?.instrument(app, 'content');
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('connection-allowlist', CONNECTION_ALLOWLIST);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', `frame-ancestors ${options.config.publicUrl}`);
    }
  });
  await app.register(contentOriginRoutes);
  await app.register(playerOriginRoutes);
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, message: httpMessages.notFound }),
  );
  return app;
}
