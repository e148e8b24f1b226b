// A "cookie bomb" heals itself: a page of one host can set cookies for its parent domains, and a
// browser then sends them with every request to every host under that domain (Chromium keeps up
// to 180 cookies of 4 KB per site: 0.7 MB on each request, measured). Past Node's default 16 KB of
// headers every request used to be answered 431 until the cookies expired. Node accepts larger
// headers here only so that this hook can answer such a request with `Clear-Site-Data:
// "cookies"` (the browser then deletes every cookie of the site) and say so: a page in French for
// a page or frame, our JSON error for the web app's calls. Other headers keep the old limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpMessages } from '../../common/messages/http.js';

/** What Node's HTTP parser is given: more than any browser sends for one site. */
export const MAX_HEADER_BYTES = 1024 * 1024;
/** Cookies past this size are a bomb, not ours: the session and XSRF cookies take some 150 bytes,
 * a device cookie about 100 per account signed in on the browser (some 75 accounts fit). Half of
 * Node's default limit for the whole header, so our own cookies never push a request past it. */
export const COOKIE_MAX_BYTES = 8 * 1024;
/** The headers but the cookies keep Node's default limit. */
const OTHER_HEADERS_MAX_BYTES = 16 * 1024;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(url: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${httpMessages.cookiesClearedTitle}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}a{color:#1d4ed8}</style>
</head><body><h1>${httpMessages.cookiesClearedTitle}</h1><p>${escapeHtml(httpMessages.cookiesCleared)}</p>
<p><a href="${escapeHtml(url)}">${httpMessages.reload}</a></p></body></html>`;
}

/** A navigation of a page or a frame, rather than a call of a script. */
function wantsPage(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

function headerBytes(request: FastifyRequest): { cookies: number; others: number } {
  let cookies = 0;
  let others = 0;
  const raw = request.raw.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    const size = raw[index]!.length + raw[index + 1]!.length + 4;
    if (raw[index]!.toLowerCase() === 'cookie') cookies += size;
    else others += size;
  }
  return { cookies, others };
}

/** First hook of an origin's app; `appOrigin` may frame the page (the player and previews). */
export function guardCookieOverflow(app: FastifyInstance, appOrigin: string): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { cookies, others } = headerBytes(request);
    if (others > OTHER_HEADERS_MAX_BYTES) {
      return reply.status(431).send({ success: false, message: httpMessages.headersTooLarge });
    }
    if (cookies <= COOKIE_MAX_BYTES) return;
    request.log.warn({ cookieBytes: cookies }, 'cookies too large: asking the browser to clear them');
    reply
      .status(431)
      .header('clear-site-data', '"cookies"')
      .header('cache-control', 'no-store')
      .header('connection', 'close');
    if (!wantsPage(request)) return reply.send({ success: false, message: httpMessages.cookiesCleared });
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self' ${appOrigin}`,
      )
      .send(page(request.url));
  });
}
