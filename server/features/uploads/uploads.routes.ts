// POST /api/admin/upload (SPEC §7): one multipart route for both PDFs (id = lesson) and activity
// zips (id = session). Multipart parsing is registered here only, with tight limits.
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityUploadResponseSchema, pdfUploadResponseSchema } from '../../../common/schemas/curriculum.js';
import { access } from '../../plugins/auth.js';
import { receiveUpload, uploadCaps } from './receive-upload.js';
import { checkUploadTarget, storeActivity, storePdf, type UploadTarget } from './uploads.service.js';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: uploadCaps(app.config.pdfMaxBytes).largest + 1,
      files: 1,
      fields: 5,
      fieldSize: 4096,
      parts: 8,
      headerPairs: 50,
    },
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/admin/upload',
    {
      ...access.admin,
      // An answer sent before the body was read (refused caller, declared size too big) closes the
      // connection: otherwise the unread upload would hold the socket open.
      onSend: async (request, reply) => {
        if (!request.raw.readableEnded) reply.header('connection', 'close');
      },
      schema: { response: { 200: pdfUploadResponseSchema.or(activityUploadResponseSchema) } },
    },
    async (request) => {
      const deps = { db: app.db, files: app.files };
      // Fields sent before the file are checked before its bytes are stored.
      const upload = await receiveUpload(request, app.files, app.config.pdfMaxBytes, async (kind, fields) => {
        if (fields.title !== undefined && fields.id !== undefined) {
          await checkUploadTarget(app.db, kind, fields);
        }
      });
      let target: UploadTarget;
      try {
        target = {
          ...(await checkUploadTarget(app.db, upload.kind, upload.fields)),
          actorId: request.requireCaller().id,
        };
      } catch (error) {
        await fs.rm(upload.tempPath, { force: true });
        throw error;
      }
      if (upload.kind === 'pdf') return { success: true, newPdf: await storePdf(deps, upload, target) };
      return { success: true, newfile: await storeActivity(deps, upload, target) };
    },
  );
};
