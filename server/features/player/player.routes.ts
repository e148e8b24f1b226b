// App-origin streams of the teacher area (docs/product.md#teacher-calls): a group's PDF, inline with range
// requests, and an activity's package zip, both authenticated by `?token=` (docs/product.md#roles-and-permissions). The content
// origin never sees the token: the app page downloads the zip and hands the bytes to the player
// frame (docs/decisions.md#identity-and-security-model), so no CORS header is needed or sent here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpMessages } from '../../../common/messages/http.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import type { AuthRule } from '../../access.js';
import { notFound } from '../../http-error.js';
import { packageZipKey } from '../../storage/keys.js';
import { inlineDisposition, sendStoredFile } from '../../storage/serve-file.js';
import { findOwnedActivityPackage, findOwnedPdfFile } from './player.repository.js';

const viaQueryToken = { config: { auth: { role: 'user', via: ['query'] } satisfies AuthRule } };
/** The package zip is downloaded by pupils too (their own entries only, docs/pupils.md). */
const playerViaQueryToken = { config: { auth: { role: 'signedIn', via: ['query'] } satisfies AuthRule } };
const tokenQuerySchema = z.object({ token: z.string().max(200).optional() });

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's URL ends with a slash before the query; both spellings are served.
  for (const url of ['/api/user/pdf/content/:id', '/api/user/pdf/content/:id/']) {
    app.get(
      url,
      { ...viaQueryToken, schema: { params: idParamsSchema, querystring: tokenQuerySchema } },
      async (request, reply) => {
        const pdf = await findOwnedPdfFile(app.db, request.requireCaller(), request.params.id);
        if (!pdf) throw notFound(httpMessages.notFound);
        return sendStoredFile(request, reply, app.files, pdf.file_key, {
          contentType: 'application/pdf',
          // PDFs are stored by content hash too: the key names this exact version.
          etag: `"${pdf.file_key}"`,
          cacheControl: 'private, no-store',
          disposition: inlineDisposition(pdf.title, 'pdf'),
        });
      },
    );
  }

  app.get(
    '/api/user/activity/download/:id',
    { ...playerViaQueryToken, schema: { params: idParamsSchema, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const activity = await findOwnedActivityPackage(app.db, request.requireCaller(), request.params.id);
      if (!activity) throw notFound(httpMessages.notFound);
      // Packages never change in place (stored by content hash): the hash is a strong ETag, and
      // the player sends the one it holds offline to skip the download when nothing changed.
      return sendStoredFile(request, reply, app.files, packageZipKey(activity.package_hash), {
        contentType: 'application/zip',
        etag: `"${activity.package_hash}"`,
        cacheControl: 'private, no-store',
        disposition: 'attachment; filename="activity.zip"',
      });
    },
  );
};
