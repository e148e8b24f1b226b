import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '../../../common/messages/http.js';
import { buildApp } from '../../app.js';
import { createAdmin, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { setupTestApp, signIn, XSRF_VALUE } from '../../test/helper.js';
import { teacherWithGroup } from '../../test/teacher-area-helpers.js';
import { dbKind } from '../../test/test-database.js';

const TOKEN = 'metrics-token-for-tests-0123';
const t = setupTestApp({ metricsToken: TOKEN });

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

/** The value of one sample line, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('is off without METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    const off = await buildApp({
      ...t,
      config: { ...t.config, metricsToken: undefined },
      logger: false,
      webDir: '/none',
    });
    const response = await off.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: httpMessages.notFound });
    await off.close();

    for (const authorization of ['', 'Bearer wrong-token-of-some-length', TOKEN]) {
      const headers = authorization ? { authorization } : {};
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        message: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)',
      });
    }
  });

  it('counts requests by route pattern and status (never the raw URL), with durations', async () => {
    const { client, groupId } = await teacherWithGroup(t, [[{ sessions: [2] }]]);
    const before = await scrape();
    const lookups = (result: string, text: string) =>
      sample(text, `ardoise_learning_table_cache_lookups_total{result="${result}"}`);
    for (let i = 0; i < 3; i++)
      expect((await client.get(`/api/user/usertable/${groupId}`)).statusCode).toBe(200);
    expect((await client.get('/api/user/usertable/999999')).statusCode).toBe(404);

    const text = await scrape();
    const series = (status: number) =>
      `ardoise_http_requests_total{origin="app",method="GET",route="/api/user/usertable/:groupId",status="${status}"}`;
    expect(sample(text, series(200))).toBe(3);
    expect(sample(text, series(404))).toBe(1);
    expect(text).not.toContain(`/api/user/usertable/${groupId}"`);
    expect(
      sample(
        text,
        'ardoise_http_request_duration_seconds_count{origin="app",method="GET",route="/api/user/usertable/:groupId",status="200"}',
      ),
    ).toBe(3);
    expect(lookups('miss', text) - lookups('miss', before)).toBe(1);
    expect(lookups('hit', text) - lookups('hit', before)).toBe(2);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reports the database pool', async () => {
    const text = await scrape();
    if (dbKind === 'sqlite') {
      expect(sample(text, 'ardoise_db_pool_connections{kind="sqlite",state="total"}')).toBe(1);
    } else {
      expect(sample(text, 'ardoise_db_pool_connections{kind="postgres",state="total"}')).toBeGreaterThan(0);
      expect(text).toContain('ardoise_db_pool_connections{kind="postgres",state="waiting"} 0');
    }
  });

  it('shows an upload in flight with the bytes received so far, then its total', async () => {
    const admin = await signIn(t.app, { email: (await createAdmin(t.db)).email, password: DEFAULT_PASSWORD });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'metrics-boundary';
    const request = http.request(`http://127.0.0.1:${port}/api/admin/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * 1024 * 1024),
        authorization: `Bearer ${admin.token}`,
        'x-xsrf-token': XSRF_VALUE,
        cookie: `__Host-XSRF-TOKEN=${XSRF_VALUE}`,
      },
    });
    request.on('error', () => undefined);
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04`;
    request.write(part);
    request.write(Buffer.alloc(256 * 1024, 0x61));
    const totalBefore = sample(await scrape(), 'ardoise_upload_received_bytes_total');

    let inFlight = '';
    try {
      for (let tries = 0; tries < 100; tries++) {
        inFlight = await scrape();
        if (sample(inFlight, 'ardoise_upload_bytes_in_flight') >= 64 * 1024) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(sample(inFlight, 'ardoise_uploads_in_flight')).toBe(1);
      expect(sample(inFlight, 'ardoise_upload_bytes_in_flight')).toBeGreaterThanOrEqual(64 * 1024);
    } finally {
      request.destroy();
    }
    let after = '';
    for (let tries = 0; tries < 100; tries++) {
      after = await scrape();
      if (sample(after, 'ardoise_uploads_in_flight') === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sample(after, 'ardoise_uploads_in_flight')).toBe(0);
    expect(sample(after, 'ardoise_upload_received_bytes_total') - totalBefore).toBeGreaterThanOrEqual(
      sample(inFlight, 'ardoise_upload_bytes_in_flight'),
    );
  });
});
