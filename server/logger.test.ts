import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger.js';

describe('logs', () => {
  it('mask ?token= values wherever they sit in the query', () => {
    expect(redactUrl('/api/user/pdf/content/4/?token=abc.def')).toBe(
      '/api/user/pdf/content/4/?token=[redacted]',
    );
    expect(redactUrl('/x?a=1&token=secret&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/x?TOKEN=secret')).toBe('/x?TOKEN=[redacted]');
  });

  it("mask the admin preview's pass in its files' path and in the preview pages' base", () => {
    const pass = `3.12.1790000000000.${'a'.repeat(43)}`;
    expect(redactUrl(`/content/12/${pass}/sco/index.html?x=1`)).toBe(
      '/content/12/[redacted]/sco/index.html?x=1',
    );
    const base = encodeURIComponent(`/content/12/${pass}/`);
    expect(redactUrl(`/player/preview/?base=${base}&kind=html5&launch=index.html`)).toBe(
      '/player/preview/?base=%2Fcontent%2F12%2F[redacted]%2F&kind=html5&launch=index.html',
    );
    expect(redactUrl(`/player/h5p/?base=${base}`)).toBe('/player/h5p/?base=%2Fcontent%2F12%2F[redacted]%2F');
    expect(redactUrl('/content/pdf/4')).toBe('/content/pdf/4');
  });

  it('never contain the password, the bearer token or a query token of a real request', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += chunk;
        done();
      },
    });
    const options = loggerOptions('trace') as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.post('/login', async () => ({ ok: true }));
    app.get('/download', async () => ({ ok: true }));
    await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'a@b.c', password: 'hunter2-secret' },
      headers: { authorization: 'Bearer bearer-secret', cookie: '__Host-ardoise_session=cookie-secret' },
    });
    await app.inject({ method: 'GET', url: '/download?token=query-secret' });
    await app.close();
    expect(written).toContain('/download?token=[redacted]');
    for (const secret of ['hunter2-secret', 'bearer-secret', 'cookie-secret', 'query-secret']) {
      expect(written).not.toContain(secret);
    }
  });
});
