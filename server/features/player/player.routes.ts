// App-origin streams of the teacher area (SPEC §7 "Learner"): a group's PDF, inline with range
// requests, and an activity's package zip, both authenticated by `?token=` (SPEC §6). The content
// origin never sees the token: the app page downloads the zip and hands the bytes to the player
// frame (DESIGN §5), so no CORS header is needed or sent here.
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseByteRange } from '../../../common/byte-range.js';
import { httpMessages } from '../../../common/messages/http.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { notFound } from '../../http-error.js';
import type { AuthRule } from '../../plugins/auth.js';
import { findOwnedActivityPackage, findOwnedPdfFile } from './player.repository.js';

const viaQueryToken = { config: { auth: { role: 'user', via: ['query'] } satisfies AuthRule } };
const tokenQuerySchema = z.object({ token: z.string().max(200).optional() });

async function statOrNotFound(filePath: string): Promise<fs.Stats> {
  try {
    const stat = await fs.promises.stat(filePath);
    if (stat.isFile()) return stat;
  } catch {
    // missing file: same answer as an unknown id
  }
  throw notFound(httpMessages.notFound);
}

/** A file name safe in a quoted Content-Disposition parameter, plus its UTF-8 form. */
function dispositionFor(title: string, extension: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  return `inline; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(title)}.${extension}`;
}

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's URL ends with a slash before the query; both spellings are served.
  for (const url of ['/api/user/pdf/content/:id', '/api/user/pdf/content/:id/']) {
    app.get(
      url,
      { ...viaQueryToken, schema: { params: idParamsSchema, querystring: tokenQuerySchema } },
      async (request, reply) => {
        const pdf = await findOwnedPdfFile(app.db, request.requireCaller(), request.params.id);
        if (!pdf) throw notFound(httpMessages.notFound);
        const filePath = app.files.absolutePath(pdf.file_key);
        const { size } = await statOrNotFound(filePath);
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', dispositionFor(pdf.title, 'pdf'))
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'private, no-store');
        const range = parseByteRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          return reply.status(416).header('content-range', `bytes */${size}`).send();
        }
        if (range) {
          return reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
            .header('content-length', range.end - range.start + 1)
            .send(fs.createReadStream(filePath, range));
        }
        return reply.header('content-length', size).send(fs.createReadStream(filePath));
      },
    );
  }

  app.get(
    '/api/user/activity/download/:id',
    { ...viaQueryToken, schema: { params: idParamsSchema, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const activity = await findOwnedActivityPackage(app.db, request.requireCaller(), request.params.id);
      if (!activity) throw notFound(httpMessages.notFound);
      const filePath = app.files.absolutePath(`packages/${activity.package_hash}.zip`);
      const { size } = await statOrNotFound(filePath);
      // Packages never change in place (stored by content hash): the hash is a strong ETag, and
      // the player sends the one it holds offline to skip the download when nothing changed.
      const etag = `"${activity.package_hash}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-store');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
        return reply.status(304).send();
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="activity.zip"')
        .header('content-length', size)
        .send(fs.createReadStream(filePath));
    },
  );
};
