import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper.js';

const ctx = setupTestApp({ contentUrl: 'https://content.ardoise.example' });

describe('app origin security headers', () => {
  it('sends the CSP (content origin and every activity and preview origin under it allowed for frames and the probe), nosniff and no-referrer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain(
      "frame-src 'self' https://content.ardoise.example https://*.content.ardoise.example;",
    );
    // The preview's probe reads a package's start page on that package's own origin.
    expect(csp).toContain(
      "connect-src 'self' https://content.ardoise.example https://*.content.ardoise.example;",
    );
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined(); // http in tests
  });
});
