// The production server as an operator runs it: first start, refusal of a bad configuration,
// graceful shutdown.
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer } from './support/server.js';

describe('the server process', () => {
  it('creates the first admin on an empty DATA_DIR, serves the app, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    expect(server.output()).toContain(`Created the first admin: ${ADMIN_EMAIL}`);
    expect(server.output()).toContain(`Ardoise is ready at ${server.url}`);
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await server.close()).toBe(0);
  });

  it('prints a random admin password once when none is configured', async () => {
    const server = await startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(server.output()).toMatch(/Created the first admin: admin@ardoise\.local with password \S+/);
    await server.close();
  });

  it('refuses to start with an invalid configuration and names the variable', async () => {
    await expect(startServer({ CONTENT_PORT: 'not-a-port' })).rejects.toThrow(/CONTENT_PORT/);
  });
});
