// The content origin's activity preview (docs/decisions.md#shape-of-the-system, docs/decisions.md#identity-and-security-model, docs/decisions.md#files-and-activities): GET /content/{id}/{pass}/… serves the
// files of an activity's unpacked package to a signed-in admin, on that package's own origin only
// (`preview-<hash>.<content host>`: common/content/activity-origin.ts), known by the pass in the
// path (preview-pass.ts): the frame cannot send the bearer header, and a cookie would be a
// third-party one when the content host is another site than the app's. Packages are untrusted
// HTML5, so each answer carries a CSP that keeps data on this origin and lets only the app and this
// origin frame it (a package's own inner frames, the preview player page); nothing outside the
// package is ever served, and a package cannot install a service worker here.
import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { previewOrigin, separatesActivities } from '../../../common/content/activity-origin.js';
import { packageContentType } from '../../../common/content/content-types.js';
import { packageCsp } from '../../../common/content/package-csp.js';
import { contentMessages } from '../../../common/messages/curriculum.js';
import { httpMessages } from '../../../common/messages/http.js';
import { PACKAGE_PAGE_HELPERS, withHeadScript } from '../../../common/page-head-script.js';
import { idSchema } from '../../../common/schemas/ids.js';
import type { AuthRule } from '../../access.js';
import { forbidden, notFound } from '../../http-error.js';
import { matchesIfNoneMatch } from '../../http-negotiation.js';
import { packageFileKey } from '../../storage/keys.js';
import { type FileReplyOptions, sendStoredFile } from '../../storage/serve-file.js';
import { findActivityFiles } from '../curriculum/curriculum.service.js';

const adminViaPass = { auth: { role: 'admin', via: ['preview-pass'] } satisfies AuthRule };
/** In the ETag of pages: a new helper makes browsers fetch the pages again. */
const PAGE_HELPER_VERSION = 'h2';

const paramsSchema = z.object({ id: idSchema, pass: z.string().max(200), '*': z.string().max(1024) });

/** The path inside the package, or null when it could leave it or is not a plain relative path. */
function packagePath(wildcard: string): string[] | null {
  const relative = wildcard === '' || wildcard.endsWith('/') ? `${wildcard}index.html` : wildcard;
  const segments = relative.split('/');
  const bad = segments.some(
    (segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment),
  );
  return bad ? null : segments;
}

/** Pages up to this size get the frameset helper (bigger ones are sent as they are). */
const PAGE_MAX_BYTES = 4 * 1024 * 1024;

export const contentOriginRoutes: FastifyPluginAsyncZod = async (app) => {
  const csp = packageCsp(app.config.publicUrl);

  /** A package page with the guard and the frameset helper first (common/page-head-script.ts): the
   * preview's frames are sandboxed as the player's are. Sent whole (no ranges), with its own ETag. */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    options: FileReplyOptions,
  ) {
    const etag = options.etag.replace(/"$/, `-${PAGE_HELPER_VERSION}"`);
    reply
      .header('etag', etag)
      .header('cache-control', options.cacheControl)
      .header('content-type', options.contentType);
    if (matchesIfNoneMatch(request, etag)) return reply.status(304).send();
    const page = await buffer(await app.files.read(key));
    return reply.send(Buffer.concat(withHeadScript(page, PACKAGE_PAGE_HELPERS)));
  }

  /** The app page probes the start page from the app origin before it frames the preview. */
  const allowApp = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.origin === app.config.publicUrl) {
      reply.header('access-control-allow-origin', app.config.publicUrl);
    }
    reply.header('vary', 'Origin');
  };

  app.get(
    '/content/:id/:pass/*',
    {
      config: adminViaPass,
      schema: { params: paramsSchema },
      onRequest: async (request) => {
        // A package must not register a service worker on this origin (it would take over the
        // offline player's pages).
        if (request.headers['service-worker'] === 'script')
          throw forbidden(contentMessages.serviceWorkerRefused);
      },
      // On every answer, errors included (a refused caller never reaches the handler).
      onSend: async (request, reply) => {
        reply.header('content-security-policy', csp);
        // The app's preview probe reads the answer (even a failure) from the app origin.
        allowApp(request, reply);
      },
    },
    async (request, reply) => {
      const segments = packagePath(request.params['*']);
      if (!segments) throw notFound(httpMessages.notFound);
      const activity = await findActivityFiles(app.db, request.params.id);
      if (!activity) throw notFound(httpMessages.notFound);
      // Each package on its own origin: never another package's, nor the content or an activity's.
      const expected = new URL(previewOrigin(app.config.contentUrl, activity.package_hash)).host;
      if (separatesActivities(app.config.contentUrl) && request.host !== expected)
        throw notFound(httpMessages.notFound);
      const key = packageFileKey(activity.package_hash, segments);
      const fileTag = crypto.createHash('sha256').update(segments.join('/')).digest('base64url').slice(0, 16);
      const options = {
        contentType: packageContentType(key),
        etag: `"${activity.package_hash}-${fileTag}"`,
        // A package never changes in place: the same URL always answers the same bytes.
        cacheControl: 'private, max-age=31536000, immutable',
      };
      if (options.contentType.startsWith('text/html')) {
        const stored = await app.files.stat(key);
        if (stored && stored.size <= PAGE_MAX_BYTES) return sendPage(request, reply, key, options);
      }
      return sendStoredFile(request, reply, app.files, key, options);
    },
  );
};
