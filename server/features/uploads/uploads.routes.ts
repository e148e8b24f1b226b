// POST /api/admin/upload (docs/product.md#api-calls): one multipart route for both PDFs (id = lesson) and activity
// packages (id = session; .zip or .h5p). Multipart parsing is registered here only, with tight
// limits; the route hands the request to the upload service.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityUploadResponseSchema, pdfUploadResponseSchema } from '../../../common/schemas/curriculum.js';
import { access } from '../../access.js';
import { uploadCaps } from './receive-upload.js';
import { handleUpload } from './uploads.service.js';

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
    async (request) =>
      handleUpload(
        { db: app.db, files: app.files, pdfMaxBytes: app.config.pdfMaxBytes },
        request,
        request.requireCaller().id,
      ),
  );
};
