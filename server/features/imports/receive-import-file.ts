// Receives the one file of an import form (field `file`, .csv or .xlsx) into the local scratch
// folder, streamed: memory does not depend on its size. Refused files are drained unwritten. The
// form's other fields: `encodage` (how a CSV without BOM is decoded, UTF-8 unless it says
// 'windows-1252') and `apercu` (when the preview the admin confirmed began, for the import).
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { importMessages as m } from '../../../common/messages/imports.js';
import { IMPORT_MAX_BYTES, type ImportEncoding, importEncodings } from '../../../common/schemas/imports.js';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import type { SheetFormat } from './sheet-reader.js';

export const IMPORT_FORM_LIMITS = {
  fileSize: IMPORT_MAX_BYTES + 1,
  files: 1,
  fields: 3,
  fieldSize: 1024,
  parts: 4,
  headerPairs: 50,
};

export type ImportFile = {
  path: string;
  size: number;
  format: SheetFormat;
  filename: string;
  encoding: ImportEncoding;
  previewedAt: string | undefined;
  remove: () => Promise<void>;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

function formatOf(filename: string, mimetype: string): SheetFormat | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.xlsx') || mimetype === XLSX_TYPE) return 'xlsx';
  if (name.endsWith('.csv') || mimetype === 'text/csv') return 'csv';
  return null;
}

export async function receiveImportFile(request: FastifyRequest, files: FileStore): Promise<ImportFile> {
  if (!request.isMultipart()) throw unsupportedMediaType(m.noFile);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + 64 * 1024) {
    throw payloadTooLarge(m.tooLarge(IMPORT_MAX_BYTES / (1024 * 1024)));
  }
  let received: ImportFile | undefined;
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields.set(part.fieldname, part.value);
        continue;
      }
      const format = formatOf(part.filename, part.mimetype);
      if (received || part.fieldname !== 'file' || format === null) {
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        if (!received && format === null) throw unsupportedMediaType(m.wrongType);
        continue;
      }
      const path = files.tempPath(`.${format}`);
      const remove = () => fs.rm(path, { force: true });
      received = {
        path,
        size: 0,
        format,
        filename: part.filename.slice(0, 200),
        encoding: 'utf-8',
        previewedAt: undefined,
        remove,
      };
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) throw payloadTooLarge(m.tooLarge(IMPORT_MAX_BYTES / (1024 * 1024)));
      received.size = (await fs.stat(path)).size;
    }
  } catch (error) {
    await received?.remove();
    if (
      error instanceof Error &&
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode < 500
    )
      throw error;
    throw badRequest(m.noFile);
  }
  if (!received) throw badRequest(m.noFile);
  const encodage = fields.get('encodage') ?? 'utf-8';
  const apercu = fields.get('apercu');
  if (!importEncodings.includes(encodage as ImportEncoding) || (apercu !== undefined && !isInstant(apercu))) {
    await received.remove();
    throw badRequest(m.badFormField);
  }
  received.encoding = encodage as ImportEncoding;
  received.previewedAt = apercu as string | undefined;
  if (received.size === 0) {
    await received.remove();
    throw badRequest(m.empty);
  }
  if (received.format === 'xlsx' && !(await startsWith(received.path, ZIP_MAGIC))) {
    await received.remove();
    throw badRequest(m.unreadableXlsx);
  }
  return received;
}

const isInstant = (value: unknown) =>
  typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));

async function startsWith(path: string, magic: Buffer): Promise<boolean> {
  const handle = await fs.open(path, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    await handle.read(head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    await handle.close();
  }
}
