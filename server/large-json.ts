// Sending large JSON bodies: the admin lists (50,000 teachers, docs/product.md#business-constants-and-limits) and the learning table.
// Checking such a body against its zod schema on every response (fastify-type-provider-zod's
// serializer runs `z.encode`) costs several times the JSON encoding itself, so these routes send plain
// JSON text; the zod schema stays on the route for the OpenAPI document, the presenters build
// exactly the schema's fields, and the API tests check each body against the schema. The text is
// gzip-compressed (off the event loop) when the client accepts it: 13 MB of JSON becomes ~1 MB.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, matchesIfNoneMatch } from './http-negotiation.js';

const gzip = promisify(zlib.gzip);

/** Below this size compressing on each request is not worth its time. */
const COMPRESS_FROM_BYTES = 32 * 1024;
/** A body compressed once pays off from a much smaller size. */
const PRECOMPRESS_FROM_BYTES = 1024;

async function compressWhenAccepted(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('vary', 'accept-encoding');
  if (typeof payload !== 'string' || payload.length < COMPRESS_FROM_BYTES || !acceptsGzip(request)) {
    return payload;
  }
  reply.header('content-encoding', 'gzip');
  // Level 1: at 13 MB it compresses ~12:1 in a third of the time level 6 takes.
  return gzip(payload, { level: 1 });
}

/** Route options for a list built on each request. */
export const largeJsonResponse = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
  onSend: compressWhenAccepted,
};

/** A JSON text encoded once to be sent many times: its bytes, their gzip form and an ETag. */
export type PreparedJson = { etag: string; bytes: Buffer; gzipped: Buffer | null; size: number };

export async function prepareJson(text: string): Promise<PreparedJson> {
  const bytes = Buffer.from(text);
  const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  // Compressed once, so the strongest level costs nothing per request (129 KiB → ~9 KiB).
  const gzipped = bytes.length >= PRECOMPRESS_FROM_BYTES ? await gzip(bytes, { level: 9 }) : null;
  return { etag, bytes, gzipped, size: bytes.length + (gzipped?.length ?? 0) };
}

/** Sends a prepared body: 304 when the client's copy is current, gzip when it accepts it. */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, body: PreparedJson) {
  reply.type('application/json; charset=utf-8').header('etag', body.etag).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request, body.etag)) return reply.status(304).send();
  if (body.gzipped && acceptsGzip(request)) {
    return reply.header('content-encoding', 'gzip').send(body.gzipped);
  }
  return reply.send(body.bytes);
}
