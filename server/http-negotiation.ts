// What a request's headers ask of the answer: the encodings it accepts and the copy it holds.
import type { FastifyRequest } from 'fastify';

/** Whether Accept-Encoding lists gzip (or *) without refusing it with q=0. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const name = coding?.trim();
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Whether If-None-Match names this ETag (or *): the client's copy is current. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*') ?? false;
}
