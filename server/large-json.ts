// Route options for the responses that carry whole lists (admin lists: 50,000 teachers, SPEC §9).
// Checking such a body against its zod schema on every response (fastify-type-provider-zod's
// serializer runs `z.encode`) costs several times the JSON encoding itself, so these routes send plain
// JSON.stringify; the zod schema stays on the route for the OpenAPI document, the presenters build
// exactly the schema's fields, and the API tests check each body against the schema. The text is
// gzip-compressed (off the event loop) when the client accepts it: 13 MB of JSON becomes ~1 MB.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);

/** Below this size compression is not worth its time. */
const COMPRESS_FROM_BYTES = 32 * 1024;

/** Whether Accept-Encoding lists gzip (or *) without refusing it with q=0. */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const name = coding?.trim();
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

async function compressWhenAccepted(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('vary', 'accept-encoding');
  if (typeof payload !== 'string' || payload.length < COMPRESS_FROM_BYTES || !acceptsGzip(request)) {
    return payload;
  }
  reply.header('content-encoding', 'gzip');
  // Level 1: at 13 MB it compresses ~12:1 in a third of the time level 6 takes.
  return gzip(payload, { level: 1 });
}

export const largeJsonResponse = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
  onSend: compressWhenAccepted,
};
