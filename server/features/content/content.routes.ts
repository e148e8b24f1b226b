// App-origin routes of the curriculum content: the public client configuration (where the content
// origin lives), where the admin previews an activity's package (its own origin and a pass:
// preview-pass.ts) and the admin's PDF preview stream. The PDF preview is framed by the SPA, and a frame cannot send the
// bearer header, so this GET accepts the session cookie (docs/decisions.md#identity-and-security-model).
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewOrigin } from '../../../common/content/activity-origin.js';
import { authMessages } from '../../../common/messages/auth.js';
import { httpMessages } from '../../../common/messages/http.js';
import { clientConfigSchema, previewFolderSchema } from '../../../common/schemas/curriculum.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { type AuthRule, access } from '../../access.js';
import { notFound, unauthorized } from '../../http-error.js';
import { inlineDisposition, sendStoredFile } from '../../storage/serve-file.js';
import { signPreviewPass } from '../auth/preview-pass.js';
import { findActivityFiles, findPdfFile } from '../curriculum/curriculum.service.js';

const adminViaCookie = { config: { auth: { role: 'admin', via: ['cookie'] } satisfies AuthRule } };

/** The PDF response's own policy: Chromium's viewer runs as a plugin, which a strict
 * `object-src 'none'` (the app's default) would block inside the frame. */
const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Where the admin's session previews the activity: its preview origin and a fresh pass. */
  async function previewFolderOf(sessionId: number, activity: { id: number; package_hash: string }) {
    // As long as the session may live: a package loads files long after it starts.
    const expiresAt = new Date(Date.now() + app.config.sessionTtlMs);
    const pass = await signPreviewPass(app.db, sessionId, activity.id, expiresAt);
    if (!pass) throw unauthorized(authMessages.notSignedIn);
    return `${previewOrigin(app.config.contentUrl, activity.package_hash)}/content/${activity.id}/${pass}/`;
  }

  app.get(
    '/api/config',
    { ...access.public, schema: { response: { 200: clientConfigSchema } } },
    async () => ({ contentUrl: app.config.contentUrl }),
  );

  app.get(
    '/api/content/preview/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: previewFolderSchema } } },
    async (request, reply) => {
      const activity = await findActivityFiles(app.db, request.params.id);
      if (!activity) throw notFound(httpMessages.notFound);
      reply.header('cache-control', 'no-store');
      return { folder: await previewFolderOf(request.requireCaller().sessionId, activity) };
    },
  );

  // The spec's preview probe (docs/product.md#probes-and-offline-content): an admin asking the app
  // origin for an activity's start page is sent, with a fresh pass, to that page on the package's
  // own preview origin; the package never runs on the app origin. 404 when there is no such activity.
  app.get(
    '/content/:id/index.html',
    { ...adminViaCookie, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const activity = await findActivityFiles(app.db, request.params.id);
      if (!activity) throw notFound(httpMessages.notFound);
      const folder = await previewFolderOf(request.requireCaller().sessionId, activity);
      return reply.header('cache-control', 'no-store').redirect(`${folder}${activity.launch_path}`, 303);
    },
  );

  app.get(
    '/content/pdf/:id',
    { ...adminViaCookie, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const pdf = await findPdfFile(app.db, request.params.id);
      if (!pdf) throw notFound(httpMessages.notFound);
      reply.header('content-security-policy', PDF_CSP);
      return sendStoredFile(request, reply, app.files, pdf.file_key, {
        contentType: 'application/pdf',
        // The file is content-addressed; the title is part of the answer too (its file name).
        etag: `"${crypto.createHash('sha256').update(`${pdf.file_key}\n${pdf.title}`).digest('base64url')}"`,
        cacheControl: 'private, no-cache',
        disposition: inlineDisposition(pdf.title, 'pdf'),
      });
    },
  );
};
