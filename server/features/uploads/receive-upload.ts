// Reads a multipart upload (fields title and id, and one file) straight to a temp file, hashing it
// on the way: memory use does not depend on the file's size. The file's kind (PDF or zip) is
// decided from its part headers (.h5p files are zips), its first bytes are checked as they arrive, and a rejected or
// oversized file is drained without being written, so the client still gets a clear answer.
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ZIP_MAX_BYTES } from '../../../common/constants.js';
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import type { UploadKind } from '../../../common/schemas/curriculum.js';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';

export type ReceivedUpload = {
  kind: UploadKind;
  tempPath: string;
  sha256: string;
  size: number;
  fields: Record<string, string>;
};

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const ZIP_TYPES = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'multipart/x-zip',
]);
/** Room for the multipart framing and the small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function uploadCaps(pdfMaxBytes: number) {
  return { pdf: pdfMaxBytes, zip: ZIP_MAX_BYTES, largest: Math.max(pdfMaxBytes, ZIP_MAX_BYTES) };
}

/** PDF or zip, from the file name and declared type; the bytes are checked later. An .h5p file is
 * a zip, whatever type the browser declares for it (often application/octet-stream or none). */
export function kindOf(filename: string, mimetype: string): UploadKind | null {
  const name = filename.toLowerCase();
  if (mimetype === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (ZIP_TYPES.has(mimetype) || name.endsWith('.zip') || name.endsWith('.h5p')) return 'zip';
  return null;
}

/**
 * Consumes the whole request. `onFileStart` may check the fields received so far (they usually
 * come first) and throw to refuse the upload early. On any failure the temp file is removed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: FileStore,
  pdfMaxBytes: number,
  onFileStart: (kind: UploadKind, fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw unsupportedMediaType(u.notMultipart);
  const caps = uploadCaps(pdfMaxBytes);
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > caps.largest + FORM_OVERHEAD_BYTES) {
    throw payloadTooLarge(u.fileTooLarge(mb(caps.largest)));
  }

  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  let rejection: HttpError | undefined;
  let tempPath: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (received || rejection) {
        await drain(part);
        rejection ??= badRequest(u.tooManyFiles);
        continue;
      }
      const kind = kindOf(part.filename, part.mimetype);
      const refusal =
        kind === null
          ? unsupportedMediaType(u.unknownFileType)
          : await earlyRefusal(kind, part, fields, onFileStart);
      if (refusal || kind === null) {
        rejection = refusal ?? unsupportedMediaType(u.unknownFileType);
        await drain(part);
        continue;
      }
      tempPath = files.tempPath(kind === 'pdf' ? '.pdf' : '.zip');
      const outcome = await writeToDisk(part, tempPath, kind, caps[kind]);
      if (outcome instanceof HttpError) rejection = outcome;
      else received = { kind, tempPath, ...outcome };
    }
  } catch (error) {
    if (tempPath) await fs.rm(tempPath, { force: true });
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(u.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(u.tooManyFields);
    throw badRequest(u.uploadInterrupted);
  }
  if (rejection || !received) {
    if (tempPath) await fs.rm(tempPath, { force: true });
    throw rejection ?? badRequest(u.noFile);
  }
  return { ...received, fields };
}

async function earlyRefusal(
  kind: UploadKind,
  part: MultipartFile,
  fields: Record<string, string>,
  onFileStart: (kind: UploadKind, fields: Record<string, string>) => Promise<void>,
): Promise<HttpError | undefined> {
  if (kind === 'pdf' && part.mimetype !== 'application/pdf') return unsupportedMediaType(u.pdfWrongType);
  try {
    await onFileStart(kind, fields);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** Streams the file to `tempPath`; answers its hash and size, or why it was refused. */
async function writeToDisk(
  part: MultipartFile,
  tempPath: string,
  kind: UploadKind,
  cap: number,
): Promise<{ sha256: string; size: number } | HttpError> {
  const hash = crypto.createHash('sha256');
  const tooLarge = () => payloadTooLarge(kind === 'pdf' ? u.pdfTooLarge(mb(cap)) : u.zipTooLarge);
  let size = 0;
  let head = Buffer.alloc(0);
  let refusal: HttpError | undefined;
  // Streams (not an async loop) so that no per-chunk promise is allocated: a 100 MB upload is
  // ~1,600 chunks of 64 KB and the server's memory must not grow with it.
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refusal) return done(); // drain the rest without keeping it
      size += chunk.length;
      if (size > cap) {
        refusal = tooLarge();
        return done();
      }
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length)]);
        const start = head.subarray(0, PDF_MAGIC.length);
        if (kind === 'pdf' && head.length >= PDF_MAGIC.length && !start.equals(PDF_MAGIC)) {
          refusal = unsupportedMediaType(u.pdfNotPdf);
          return done();
        }
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(part.file, inspect, createWriteStream(tempPath, { flags: 'wx' }));
  if (!refusal && part.file.truncated) refusal = tooLarge();
  if (!refusal && size === 0) refusal = badRequest(u.emptyFile);
  if (!refusal && kind === 'pdf' && head.length < PDF_MAGIC.length)
    refusal = unsupportedMediaType(u.pdfNotPdf);
  if (refusal) {
    await fs.rm(tempPath, { force: true });
    return refusal;
  }
  return { sha256: hash.digest('hex'), size };
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    // discarded
  }
}
