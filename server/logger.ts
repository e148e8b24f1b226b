// Logger options: structured JSON (pino), with credentials kept out: no bodies, no auth headers,
// no cookies, `token=` query values and the admin preview's passes (in the path of its files and
// in the preview pages' `base=`) masked.
import type { FastifyServerOptions } from 'fastify';

export function redactUrl(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/content\/\d+\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&]base=%2Fcontent%2F\d+%2F)[^%&#]+/gi, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}
