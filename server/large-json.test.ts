import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeJsonResponse } from './large-json.js';

const app = Fastify();
const big = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `École n°${i} « test »` })) };

beforeAll(async () => {
  app.get('/big', largeJsonResponse, async () => big);
  app.get('/small', largeJsonResponse, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('largeJsonResponse', () => {
  it('sends plain JSON to a client that does not accept gzip', async () => {
    for (const header of [undefined, 'identity', 'br', 'gzip;q=0, br', 'gzip; q=0.0']) {
      const response = await get('/big', header);
      expect(response.headers['content-encoding'], header).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.json()).toEqual(big);
    }
  });

  it('gzips a large body for a client that accepts it, with the right length', async () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1, GZIP;q=0.5', '*']) {
      const response = await get('/big', header);
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
      expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(big);
    }
  });

  it('leaves a small body as it is', async () => {
    const response = await get('/small', 'gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });
});
