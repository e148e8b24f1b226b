// Sends one stored file with conditional (ETag) and single-range support: the PDF preview and
// stream, the activity files and the package download. Content-addressed files never change, so
// their ETag is derived from the hash.
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../../common/byte-range.js';
import { httpMessages } from '../../common/messages/http.js';
import { notFound } from '../http-error.js';
import { matchesIfNoneMatch } from '../http-negotiation.js';

export type FileReplyOptions = {
  contentType: string;
  etag: string;
  cacheControl: string;
  disposition?: string;
};

/** A regular file at `filePath` (links and folders are not served), or 404. */
export async function statRegularFile(filePath: string): Promise<fs.Stats> {
  try {
    const stat = await fs.promises.lstat(filePath);
    if (stat.isFile()) return stat;
  } catch {
    // missing: same answer as an unknown id
  }
  throw notFound(httpMessages.notFound);
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  filePath: string,
  options: FileReplyOptions,
): Promise<FastifyReply> {
  const { size } = await statRegularFile(filePath);
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
      .send(fs.createReadStream(filePath, range));
  }
  return reply.header('content-length', size).send(fs.createReadStream(filePath));
}

/** An inline Content-Disposition with an ASCII fallback name and the UTF-8 one. */
export function inlineDisposition(title: string, extension: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  return `inline; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(title)}.${extension}`;
}
