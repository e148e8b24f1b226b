// Content-origin side of the offline player, served on the content host and on every activity's
// host under it (common/content/activity-origin.ts): the player page (framed by the app's
// /activity/:id), the H5P runtime page, the admin preview player page and the page that clears an
// activity's origin, their hashed assets, and the service worker script at its fixed path. The built files come from
// `vite build -c vite.player.config.ts` (dist/player). The origin also refuses to hand any other
// response to a service-worker registration, so a package can never install its own worker and
// take over /local-activity/ (docs/decisions.md#identity-and-security-model). The worker script carries the hashes and headers of the
// pages and assets it keeps for offline use (common/content/player-files.ts), so that a copy a
// package wrote into its cache is never served.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packageContentType } from '../../../common/content/content-types.js';
import { PLAYER_FILES_PLACEHOLDER, type PlayerFiles } from '../../../common/content/player-files.js';
import { httpMessages } from '../../../common/messages/http.js';
import { projectRoot } from '../../project-root.js';
import { h5pPageCsp, playerPageCsp, previewPageCsp } from './player-csp.js';

export const SW_SCRIPT_PATH = '/local-activity-sw.js';
const APP_ORIGIN_PLACEHOLDER = '__ARDOISE_APP_ORIGIN__';

const sha256 = (bytes: string | Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const routes: FastifyPluginAsyncZod = async (app) => {
  // Browsers mark service-worker script fetches with this header: only ours may answer one.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['service-worker'] === 'script' && request.url.split('?')[0] !== SW_SCRIPT_PATH) {
      return reply.status(403).send({ success: false, message: httpMessages.notFound });
    }
  });

  const playerDir = path.join(projectRoot(), 'dist', 'player');
  const readBuilt = (file: string) => {
    try {
      return fs.readFileSync(path.join(playerDir, file), 'utf8');
    } catch {
      return null;
    }
  };
  const notBuilt = { success: false, message: httpMessages.notFound };
  /** What the worker may keep, as this origin sends it. */
  const playerFiles: PlayerFiles = {};

  // Each page of the player build, at its folder (and its index.html), with its own policy; the
  // player and H5P pages are kept by the worker for offline use.
  const pages = [
    { dir: '/player/', file: 'index.html', csp: playerPageCsp(app.config.publicUrl), offline: true },
    { dir: '/player/h5p/', file: 'h5p/index.html', csp: h5pPageCsp(app.config.publicUrl), offline: true },
    { dir: '/player/preview/', file: 'preview/index.html', csp: previewPageCsp(app.config.publicUrl) },
    { dir: '/player/clear/', file: 'clear/index.html', csp: playerPageCsp(app.config.publicUrl) },
  ];
  for (const { dir, file, csp, offline } of pages) {
    const page = readBuilt(file)?.replace(APP_ORIGIN_PLACEHOLDER, escapeAttribute(app.config.publicUrl));
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': csp,
    };
    if (page && offline) playerFiles[dir] = { sha256: sha256(page), headers };
    for (const url of [dir, `${dir}index.html`]) {
      app.get(url, async (_request, reply) => {
        if (!page) return reply.status(404).send(notBuilt);
        return reply.headers(headers).send(page);
      });
    }
  }

  const assetsDir = path.join(playerDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    // Sorted: every instance then serves the same worker script (a changed one is installed again).
    for (const name of fs.readdirSync(assetsDir).sort()) {
      if (name.endsWith('.map')) continue;
      playerFiles[`/player/assets/${name}`] = {
        sha256: sha256(fs.readFileSync(path.join(assetsDir, name))),
        headers: { 'content-type': packageContentType(name) },
      };
    }
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/player/assets/',
      decorateReply: false,
      index: false,
      // Names carry a content hash.
      immutable: true,
      maxAge: '365d',
    });
  }

  // Function replacements: `$` in a replacement string has a meaning of its own.
  const serviceWorker = readBuilt('local-activity-sw.js')
    ?.replace(APP_ORIGIN_PLACEHOLDER, () => app.config.publicUrl)
    .replace(PLAYER_FILES_PLACEHOLDER, () => Buffer.from(JSON.stringify(playerFiles)).toString('base64'));
  app.get(SW_SCRIPT_PATH, async (_request, reply) => {
    if (!serviceWorker) return reply.status(404).send(notBuilt);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'self'")
      .send(serviceWorker);
  });
};

/** Not encapsulated, so the service-worker guard covers every route of the content origin. */
export const playerOriginRoutes = fp(routes, { name: 'player-origin' });
