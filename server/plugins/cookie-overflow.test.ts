// A cookie bomb (cookies a package set for the parent domain, sent with every request to every
// host under it) is answered with Clear-Site-Data and a French page or our JSON error, on the app
// origin and on the content origin (activities, previews), through Node's real HTTP parser.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '../../common/messages/http.js';
import { setupTestApp } from '../test/helper.js';
import { COOKIE_MAX_BYTES } from './cookie-overflow.js';

const ctx = setupTestApp();
const ports = { app: 0, content: 0 };

beforeAll(async () => {
  for (const origin of ['app', 'content'] as const) {
    const app: FastifyInstance = ctx[origin];
    await app.listen({ port: 0, host: '127.0.0.1' });
    ports[origin] = (app.server.address() as AddressInfo).port;
  }
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(origin: 'app' | 'content', path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: ports[origin], path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('error', reject);
  });
}

/** `count` cookies of 4 KB, as a package sets them with document.cookie (four made every request
 * of the browser answer 431 before). */
const bomb = (count: number) =>
  Array.from({ length: count }, (_, index) => `bomb${index}=${'x'.repeat(4090)}`).join('; ');
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };
const CALL = { 'sec-fetch-mode': 'cors', accept: 'application/json' };

describe('a request carrying too many cookies', () => {
  it('gets a French page that clears the cookies, for a page of the app or of the content origin', async () => {
    for (const [origin, path] of [
      ['app', '/user'],
      ['content', '/player/'],
    ] as const) {
      const answer = await get(origin, path, { ...NAVIGATION, cookie: bomb(2) });
      expect(answer.status, `${origin} ${answer.body}`).toBe(431);
      expect(answer.headers['clear-site-data'], origin).toBe('"cookies"');
      expect(answer.headers['content-type'], origin).toBe('text/html; charset=utf-8');
      expect(answer.body, origin).toContain('<html lang="fr">');
      expect(answer.body, origin).toContain('Cookies effacés');
      expect(answer.body, origin).toContain(`<a href="${path}">Recharger la page</a>`);
      // Framed by the app (the player, the previews), nothing else runs.
      expect(answer.headers['content-security-policy'], origin).toBe(
        `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self' ${ctx.config.publicUrl}`,
      );
    }
  });

  it("gets our JSON error that clears the cookies, for a script's call", async () => {
    const answer = await get('app', '/api/auth/me', { ...CALL, cookie: bomb(2) });
    expect(answer.status).toBe(431);
    expect(answer.headers['clear-site-data']).toBe('"cookies"');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: httpMessages.cookiesCleared });
  });

  it("heals the largest bomb a browser sends (Chromium: 169 cookies of 4 KB for one site), not Node's raw 431", async () => {
    const answer = await get('app', '/levels', { ...NAVIGATION, cookie: bomb(169) });
    expect(answer.status).toBe(431);
    expect(answer.headers['clear-site-data']).toBe('"cookies"');
    expect(answer.body).toContain('Cookies effacés');
  });

  it('lets cookies up to 8 KB through, and clears one byte more', async () => {
    // The header's name, value and separators, as Node counts them.
    const cookieOf = (bytes: number) => `big=${'x'.repeat(bytes - 'cookie'.length - 4 - 'big='.length)}`;
    const fits = await get('app', '/api/auth/me', { ...CALL, cookie: cookieOf(COOKIE_MAX_BYTES) });
    expect(fits.status).toBe(204);
    expect(fits.headers['clear-site-data']).toBeUndefined();
    const over = await get('app', '/api/auth/me', { ...CALL, cookie: cookieOf(COOKIE_MAX_BYTES + 1) });
    expect(over.status).toBe(431);
    expect(over.headers['clear-site-data']).toBe('"cookies"');
  });

  it('still refuses other headers past 16 KB, clearing nothing', async () => {
    const answer = await get('content', '/player/', { 'x-filler': 'a'.repeat(20 * 1024) });
    expect(answer.status).toBe(431);
    expect(answer.headers['clear-site-data']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: httpMessages.headersTooLarge });
  });
});
