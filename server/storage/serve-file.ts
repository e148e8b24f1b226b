// Sends one stored file with conditional (ETag) and single-range support: the PDF preview and
// stream, the activity files and the package download. Content-addressed files never change, so
// their ETag is derived from the hash. The bytes come from the file store (either driver).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../../common/byte-range.js';
import { httpMessages } from '../../common/messages/http.js';
import { notFound } from '../http-error.js';
import { matchesIfNoneMatch } from '../http-negotiation.js';
import type { FileStore } from './file-store.js';

export type FileReplyOptions = {
  contentType: string;
  etag: string;
  cacheControl: string;
  disposition?: string;
};

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  options: FileReplyOptions,
): Promise<FastifyReply> {
  const stored = await files.stat(key);
  // Missing: the same answer as an unknown id.
  if (!stored) throw notFound(httpMessages.notFound);
  const { size } = stored;
  reply
    .header('etag', options.etag)
    .header('cache-control', options.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('content-type', options.contentType);
  if (options.disposition) reply.header('content-disposition', options.disposition);

  if (matchesIfNoneMatch(request, options.etag)) {
    return reply.status(304).send();
  }
  // If-Range with another version means "send the whole file".
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== options.etag ? null : parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await files.read(key, range));
  }
  // An empty file needs no read (and a Range of nothing cannot be asked of S3).
  return reply.header('content-length', size).send(size === 0 ? '' : await files.read(key));
}

/** An inline Content-Disposition with an ASCII fallback name and the UTF-8 one. */
export function inlineDisposition(title: string, extension: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  return `inline; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(title)}.${extension}`;
}
