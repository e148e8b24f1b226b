// App-origin routes of the curriculum content: the public client configuration (where the content
// origin lives), the admin's pass for the content origin's preview (content-pass.ts) and the
// admin's PDF preview stream. The PDF preview is framed by the SPA, and a frame cannot send the
// bearer header, so this GET accepts the session cookie (DESIGN §5).
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages } from '../../../common/messages/auth.js';
import { httpMessages } from '../../../common/messages/http.js';
import { clientConfigSchema, contentPassSchema } from '../../../common/schemas/curriculum.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { type AuthRule, access } from '../../access.js';
import { notFound, unauthorized } from '../../http-error.js';
import { inlineDisposition, sendStoredFile } from '../../storage/serve-file.js';
import { PASS_TTL_MS, signContentPass } from '../auth/content-pass.js';
import { findPdfFile } from '../curriculum/curriculum.service.js';

const adminViaCookie = { config: { auth: { role: 'admin', via: ['cookie'] } satisfies AuthRule } };

/** The PDF response's own policy: Chromium's viewer runs as a plugin, which a strict
 * `object-src 'none'` (the app's default) would block inside the frame. */
const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { ...access.public, schema: { response: { 200: clientConfigSchema } } },
    async () => ({ contentUrl: app.config.contentUrl }),
  );

  app.get(
    '/api/content/pass',
    { ...access.admin, schema: { response: { 200: contentPassSchema } } },
    async (request, reply) => {
      const expiresAt = new Date(Date.now() + PASS_TTL_MS);
      const pass = await signContentPass(app.db, request.requireCaller().sessionId, 'exchange', expiresAt);
      if (!pass) throw unauthorized(authMessages.notSignedIn);
      reply.header('cache-control', 'no-store');
      return { pass };
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
