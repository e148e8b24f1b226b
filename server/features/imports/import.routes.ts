// HTTP surface of the bulk import, beside the spec's calls; admins only. The file comes as
// multipart (field `file`, .csv or .xlsx) and is kept on local disk while it is read; the answers
// are NDJSON streams (one JSON object a line, `application/x-ndjson`), read by the import screen and
// by scripts alike:
//   GET  /api/admin/import/{schools|teachers}/template  the CSV model (headers and one example row)
//   POST /api/admin/import/{kind}/preview  every row with its action or errors, then the counts and
//                                          `since` (or { type: 'failed', message } part-way)
//   POST /api/admin/import/{kind}          writes batch by batch (field `apercu`: the preview's
//                                          `since`): progress, new teachers' sign-in links, then
//                                          { type: 'done', created, updated, unchanged } or 'failed'
// Both take the field `encodage` ('utf-8' or 'windows-1252') for a CSV without BOM. A file that
// cannot be read, or (for the import) a file with any row in error, gets a 400 in the usual shape
// before anything is streamed; a row it would update that changed since the preview, a 409.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importColumns, importKinds } from '../../../common/schemas/imports.js';
import { access } from '../../access.js';
import { sendCsv, toCsv } from '../insights/csv.js';
import { commitImport, previewImport } from './import.service.js';
import type { AnyImportDefinition } from './import-kind.js';
import { IMPORT_FORM_LIMITS, type ImportFile, receiveImportFile } from './receive-import-file.js';
import { schoolImport } from './school-import.js';
import { readSheet } from './sheet-reader.js';
import type { SheetRow } from './sheet-row.js';
import { teacherImport } from './teacher-import.js';

const definitions: Record<(typeof importKinds)[number], AnyImportDefinition> = {
  schools: schoolImport,
  teachers: teacherImport,
};

const kindParams = z.object({ kind: z.enum(importKinds) });

const templates = {
  schools: {
    filename: 'modele-ecoles.csv',
    example: [
      '0750654D',
      'École Jean Jaurès',
      'Paris',
      '12 rue des Écoles',
      'contact@ecole-jaures.fr',
      '0102030405',
      'ecole-jaures.fr',
      '01/09/2026',
      '31/08/2027',
      'CP|CE1',
      '',
    ],
  },
  teachers: {
    filename: 'modele-enseignants.csv',
    example: ['camille.martin@ecole-jaures.fr', 'Martin', 'Camille', '0612345678', '0750654D', 'CP', '', '5'],
  },
};

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // A schools import may have queued GAR subscriptions: the sender goes once the import is saved.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === '/api/admin/import/:kind' && reply.statusCode < 300)
      app.kickSubscriptions();
  });

  await app.register(multipart, { limits: IMPORT_FORM_LIMITS, throwFileSizeLimit: false });

  app.get(
    '/api/admin/import/:kind/template',
    { ...access.admin, schema: { params: kindParams } },
    async (request, reply) => {
      const { kind } = request.params;
      return sendCsv(reply, {
        filename: templates[kind].filename,
        csv: toCsv(importColumns[kind], [templates[kind].example]),
      });
    },
  );

  /** A POST that receives the file and answers `run`'s events as NDJSON. The temp file goes once
   * the answer ends, or at once when `run` refuses the file. */
  const importFileRoute = (
    path: string,
    run: (upload: {
      request: FastifyRequest;
      definition: AnyImportDefinition;
      file: ImportFile;
      sheet: () => AsyncIterable<SheetRow>;
    }) => Promise<AsyncGenerator<object>>,
  ) =>
    app.post(
      path,
      { ...access.admin, onSend: closeUnreadBody, schema: { params: kindParams } },
      async (request, reply) => {
        const file = await receiveImportFile(request, app.files);
        try {
          const events = await run({
            request,
            definition: definitions[request.params.kind],
            file,
            sheet: () => readSheet(file.path, file.format, file.size, file.encoding),
          });
          return sendNdjson(reply, events, file.remove);
        } catch (error) {
          await file.remove();
          throw error;
        }
      },
    );

  importFileRoute('/api/admin/import/:kind/preview', ({ definition, sheet }) =>
    previewImport(app.db, definition, sheet),
  );

  importFileRoute('/api/admin/import/:kind', ({ request, definition, file, sheet }) =>
    commitImport(app.db, definition, sheet, {
      actorId: request.requireCaller().id,
      subscriptions: app.config.garSubscriptions,
      filename: file.filename,
      publicUrl: app.config.publicUrl,
      mailer: app.mailer,
      tempPath: (ext) => app.files.tempPath(ext),
      since: file.previewedAt,
    }),
  );
};

/** An answer sent before the upload was read (refused caller) closes the connection: otherwise the
 * unread file would hold the socket open. */
async function closeUnreadBody(
  request: { raw: { readableEnded: boolean } },
  reply: { header: (k: string, v: string) => unknown },
) {
  if (!request.raw.readableEnded) reply.header('connection', 'close');
}

function sendNdjson(
  reply: import('fastify').FastifyReply,
  events: AsyncGenerator<object>,
  cleanUp: () => Promise<void>,
) {
  // Rows are sent a few kilobytes at a time; any other line at once.
  async function* lines() {
    let pending = '';
    try {
      for await (const event of events) {
        pending += `${JSON.stringify(event)}\n`;
        if (pending.length >= 16 * 1024 || (event as { type?: string }).type !== 'row') {
          yield pending;
          pending = '';
        }
      }
      if (pending) yield pending;
    } finally {
      await cleanUp();
    }
  }
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
