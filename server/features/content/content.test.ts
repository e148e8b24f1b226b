import { beforeAll, describe, expect, it } from 'vitest';
import { packageContentType } from '../../../common/content/content-types.js';
import { PACKAGE_PAGE_HELPERS } from '../../../common/page-head-script.js';
import { packageResponseHeaders } from '../../../web/player/service-worker/package-response.js';
import { createSessionPath, createTeacher } from '../../fixtures/factories.js';
import { buildPdf, buildZip } from '../../fixtures/files.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, contentCookieOf, setupTestApp } from '../../test/helper.js';
import { uploadPackage } from '../../test/upload-helpers.js';
import { CONTENT_COOKIE } from '../auth/content-pass.js';

const ctx = setupTestApp();
let adminToken: string;
let teacherToken: string;
let pdfId: number;
let activityId: number;
let adminContent: string;
let teacherContent: string;
const pdfBytes = buildPdf('Aperçu');
const packageFiles = {
  'activite/index.html': '<!doctype html><title>Jeu</title><h1>Jeu</h1>',
  'activite/app.js': 'document.title = "ran";',
  'activite/style.css': 'h1 { color: red }',
  'activite/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'activite/data.unknownext': 'raw',
  'activite/data/questions.xml': '<?xml version="1.0" encoding="windows-1252"?><q/>',
  'activite/sons/cloche.opus': 'OggS',
  'activite/sons/cloche.weba': 'webm',
};

beforeAll(async () => {
  const admin = await signInNewAdmin(ctx);
  adminToken = admin.token;
  teacherToken = (await signInAs(ctx, await createTeacher(ctx.db))).token;
  adminContent = await contentCookieOf(ctx, adminToken);
  teacherContent = await contentCookieOf(ctx, teacherToken);
  const { lessonId, sessionId } = await createSessionPath(ctx.db);
  const pdf = await uploadPackage(admin, lessonId, pdfBytes, {
    title: 'Fiche élève',
    filename: 'fiche.pdf',
    contentType: 'application/pdf',
  });
  pdfId = pdf.json().newPdf.id;
  const zip = buildZip(packageFiles);
  const activity = await uploadPackage(admin, sessionId, zip, { title: 'Jeu', filename: 'jeu.zip' });
  activityId = activity.json().newfile.id;
});

/** A GET on one origin, its session cookie `cookieName` set to `options.cookie`, or when that is
 * left out to what `defaultCookie` gives (no cookie when nothing). */
function getOn(
  origin: 'app' | 'content',
  cookieName: string,
  defaultCookie = (): string | undefined => undefined,
) {
  return (url: string, options: { cookie?: string; headers?: Record<string, string> } = {}) => {
    const cookie = options.cookie ?? defaultCookie();
    return ctx[origin].inject({
      method: 'GET',
      url,
      headers: options.headers,
      cookies: cookie === undefined ? {} : { [cookieName]: cookie },
    });
  };
}

describe('GET /api/config', () => {
  it('tells anyone where the content origin is', async () => {
    const response = await apiClient(ctx.app).get('/api/config');
    expect(response.json()).toEqual({ contentUrl: ctx.config.contentUrl });
  });
});

describe('GET /content/pdf/{id} (app origin)', () => {
  const get = getOn('app', '__Host-ardoise_session');

  it('streams the PDF inline to an admin signed in by cookie', async () => {
    const response = await get(`/content/pdf/${pdfId}`, { cookie: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('inline;');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Fiche%20%C3%A9l%C3%A8ve.pdf");
    expect(response.rawPayload).toEqual(pdfBytes);
    expect(response.headers['content-security-policy']).not.toContain("object-src 'none'");
  });

  it('answers ranges and conditional requests', async () => {
    const part = await get(`/content/pdf/${pdfId}`, { cookie: adminToken, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${pdfBytes.length}`);
    const outside = await get(`/content/pdf/${pdfId}`, {
      cookie: adminToken,
      headers: { range: `bytes=${pdfBytes.length + 10}-` },
    });
    expect(outside.statusCode).toBe(416);
    const etag = part.headers.etag as string;
    const again = await get(`/content/pdf/${pdfId}`, {
      cookie: adminToken,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses anonymous callers and teachers, and unknown ids', async () => {
    expect((await get(`/content/pdf/${pdfId}`)).statusCode).toBe(401);
    expect((await get(`/content/pdf/${pdfId}`, { cookie: 'forged' })).statusCode).toBe(401);
    expect((await get(`/content/pdf/${pdfId}`, { cookie: teacherToken })).statusCode).toBe(403);
    expect((await get('/content/pdf/999999', { cookie: adminToken })).statusCode).toBe(404);
    expect((await get('/content/pdf/abc', { cookie: adminToken })).statusCode).toBe(400);
  });
});

describe('GET /content/{id}/… (content origin)', () => {
  const get = getOn('content', CONTENT_COOKIE, () => adminContent);

  it('serves the package files with their types, the content CSP and immutable caching', async () => {
    const index = await get(`/content/${activityId}/index.html`);
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<h1>Jeu</h1>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = index.headers['content-security-policy'] as string;
    // Framed by the app's preview page, the preview player and the package's own pages (this origin).
    expect(csp).toContain(`frame-ancestors 'self' ${ctx.config.publicUrl}`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect(index.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(index.headers.etag).toMatch(/^"[0-9a-f]{64}-[\w-]+"$/);

    const types: Record<string, string> = {
      'app.js': 'text/javascript; charset=utf-8',
      'style.css': 'text/css; charset=utf-8',
      'img/logo.svg': 'image/svg+xml',
      'data.unknownext': 'application/octet-stream',
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(`/content/${activityId}/${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toBe(type);
    }
    expect((await get(`/content/${activityId}/`)).body).toContain('<h1>Jeu</h1>');
  });

  it("sends each file with the type and policy the offline player's worker sends for it", async () => {
    for (const file of Object.keys(packageFiles)) {
      const online = await get(`/content/${activityId}/${file.slice('activite/'.length)}`);
      expect(online.statusCode, file).toBe(200);
      // The worker serves the type the unzip worker stored with the file (its path in the zip),
      // with the app origin the server writes into the worker's script.
      const offline = packageResponseHeaders(packageContentType(file), ctx.config.publicUrl);
      for (const header of [
        'content-type',
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
      ]) {
        expect(online.headers[header], `${file}: ${header}`).toBe(offline.get(header));
      }
    }
  });

  it('answers ranges and If-None-Match', async () => {
    for (const file of ['index.html', 'app.js']) {
      const first = await get(`/content/${activityId}/${file}`);
      const again = await get(`/content/${activityId}/${file}`, {
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode, file).toBe(304);
    }
    const part = await get(`/content/${activityId}/app.js`, { headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('document');
  });

  it('puts the frameset helper first in package pages, keeping their bytes', async () => {
    const index = await get(`/content/${activityId}/index.html`);
    expect(index.body).toBe(
      `<!doctype html><script>${PACKAGE_PAGE_HELPERS}</script><title>Jeu</title><h1>Jeu</h1>`,
    );
    // Pages are sent whole (the helper moves their bytes).
    const whole = await get(`/content/${activityId}/index.html`, { headers: { range: 'bytes=0-8' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(index.body);
    // Other files are sent as stored.
    expect((await get(`/content/${activityId}/app.js`)).body).toBe('document.title = "ran";');
  });

  it('never serves a file outside the package, and 404s unknown ids and paths', async () => {
    const attempts = [
      `/content/${activityId}/../../../../etc/passwd`,
      `/content/${activityId}/..%2F..%2F..%2Fardoise.sqlite`,
      `/content/${activityId}/%2e%2e/%2e%2e/tmp`,
      `/content/${activityId}/img/..%2f..%2f..%2f${'x'}`,
      `/content/${activityId}/%00index.html`,
      `/content/${activityId}/..\\..\\x`,
      `/content/${activityId}/img`,
      `/content/${activityId}/missing.js`,
      '/content/999999/index.html',
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get('/content/abc/index.html')).statusCode).toBe(400);
  });

  it("serves admins only, by the content origin's own cookie (not the app's session cookie)", async () => {
    expect((await get(`/content/${activityId}/index.html`, { cookie: '' })).statusCode).toBe(401);
    expect((await get(`/content/${activityId}/index.html`, { cookie: teacherContent })).statusCode).toBe(403);
    const appCookie = await ctx.content.inject({
      method: 'GET',
      url: `/content/${activityId}/index.html`,
      cookies: { '__Host-ardoise_session': adminToken, ardoise_session: adminToken },
    });
    expect(appCookie.statusCode).toBe(401);
  });

  it('refuses to serve a service worker script', async () => {
    const response = await get(`/content/${activityId}/app.js`, { headers: { 'service-worker': 'script' } });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('document.title');
    const sw = await get(`/content/${activityId}/sw.js`, { headers: { 'service-worker': 'script' } });
    expect(sw.statusCode).toBe(403);
  });

  it('lets only the app origin read answers across origins, with credentials', async () => {
    const fromApp = await get(`/content/${activityId}/index.html`, {
      headers: { origin: ctx.config.publicUrl },
    });
    expect(fromApp.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
    expect(fromApp.headers['access-control-allow-credentials']).toBe('true');
    const refused = await get(`/content/${activityId}/index.html`, {
      cookie: '',
      headers: { origin: ctx.config.publicUrl },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
    const elsewhere = await get(`/content/${activityId}/index.html`, {
      headers: { origin: 'http://evil.test' },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });
});
