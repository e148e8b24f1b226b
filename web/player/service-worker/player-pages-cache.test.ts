// The worker serves a kept copy of the player's files only when its bytes are the ones the content
// origin serves, with the content origin's headers, whatever the copy (a package can write the
// cache) says.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayerFile } from '@/common/content/player-files.js';

let cache: typeof import('./player-pages-cache');
beforeAll(async () => {
  vi.stubGlobal('__PLAYER_BUILD_VERSION__', 'test');
  cache = await import('./player-pages-cache');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const script = 'import "./protocol.js"; start();';
const file: PlayerFile = {
  sha256: crypto.createHash('sha256').update(script).digest('hex'),
  headers: { 'content-type': 'text/javascript; charset=utf-8' },
};
const page: PlayerFile = {
  sha256: file.sha256,
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" },
};

const checked = async (copy: Response | undefined, expected: PlayerFile) => {
  const body = await cache.verifiedBody(copy, expected);
  return body && cache.playerFileResponse(body, expected);
};

describe('a kept copy', () => {
  it('is answered when it holds the served bytes, with the headers the content origin sends', async () => {
    const copy = new Response(script, { headers: { 'content-type': 'text/plain' } });
    const answer = await checked(copy, file);
    expect(await answer?.text()).toBe(script);
    expect(answer?.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer?.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a page’s policy even when the copy was stored without it', async () => {
    const answer = await checked(new Response(script), page);
    expect(answer?.headers.get('content-security-policy')).toBe("script-src 'self'");
  });

  it('is not answered when rewritten, one byte longer, or missing', async () => {
    expect(await checked(new Response('document.body.innerHTML = "Connexion"'), file)).toBeNull();
    expect(await checked(new Response(`${script} `), file)).toBeNull();
    expect(await checked(undefined, file)).toBeNull();
  });
});

describe('the list written into the worker', () => {
  const files = { '/player/': page, '/player/assets/player-abc.js': file };

  it('is read from the base64 the content origin writes, and empty when it wrote none', () => {
    const written = Buffer.from(JSON.stringify(files)).toString('base64');
    expect(cache.readPlayerFiles(written)).toEqual(files);
    expect(cache.readPlayerFiles('__ARDOISE_PLAYER_FILES__')).toEqual({});
  });

  it('names the files kept: its pages (also by index.html) and assets, for GET only', () => {
    const get = (path: string, method = 'GET') => {
      const url = new URL(path, 'https://activity-1.content.ardoise.example');
      return cache.playerFileKey(new Request(url, { method }), url, files);
    };
    expect(get('/player/')).toBe('/player/');
    expect(get('/player/index.html')).toBe('/player/');
    expect(get('/player/assets/player-abc.js')).toBe('/player/assets/player-abc.js');
    expect(get('/player/assets/player-abc.js.map')).toBeNull();
    expect(get('/player/clear/')).toBeNull();
    expect(get('/player/assets/constructor')).toBeNull();
    expect(get('/player/', 'POST')).toBeNull();
  });
});
