import { beforeAll, describe, expect, it } from 'vitest';
import { activityOrigin } from '../../../common/content/activity-origin.js';
import { packageContentType } from '../../../common/content/content-types.js';
import { PACKAGE_PAGE_HELPERS } from '../../../common/page-head-script.js';
import { packageResponseHeaders } from '../../../web/player/service-worker/package-response.js';
import { createSessionPath, createTeacher } from '../../fixtures/factories.js';
import { buildPdf, buildZip } from '../../fixtures/files.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { type ApiClient, apiClient, setupTestApp } from '../../test/helper.js';
import { uploadPackage } from '../../test/upload-helpers.js';

// Host names, as in production: each package previews on an origin of its own.
const ctx = setupTestApp({ contentUrl: 'http://content.ardoise.test:3001' });
let admin: ApiClient & { token: string };
let adminToken: string;
let teacherToken: string;
let pdfId: number;
let activityId: number;
/** The package's zip (its bytes name its origin: built once, as a zip carries its build time). */
let zip: Buffer;
/** The activity's preview folder as the app gives it: its origin's host, and its path. */
let folder: { host: string; path: string };
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
  admin = await signInNewAdmin(ctx);
  adminToken = admin.token;
  teacherToken = (await signInAs(ctx, await createTeacher(ctx.db))).token;
  const { lessonId, sessionId } = await createSessionPath(ctx.db);
  const pdf = await uploadPackage(admin, lessonId, pdfBytes, {
    title: 'Fiche élève',
    filename: 'fiche.pdf',
    contentType: 'application/pdf',
  });
  pdfId = pdf.json().newPdf.id;
  zip = buildZip(packageFiles);
  const activity = await uploadPackage(admin, sessionId, zip, { title: 'Jeu', filename: 'jeu.zip' });
  activityId = activity.json().newfile.id;
  folder = await previewFolder(activityId);
});

async function previewFolder(id: number): Promise<{ host: string; path: string }> {
  const answer = await admin.get(`/api/content/preview/${id}`);
  expect(answer.statusCode).toBe(200);
  const url = new URL(answer.json<{ folder: string }>().folder);
  return { host: url.host, path: url.pathname };
}

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

describe('GET /content/{id}/index.html (app origin: the preview probe)', () => {
  const get = getOn('app', '__Host-ardoise_session');

  it("sends an admin to the activity's start page on its own preview origin, with a pass that opens it", async () => {
    for (const probe of [
      await get(`/content/${activityId}/index.html`, { cookie: adminToken }),
      await ctx.app.inject({
        method: 'GET',
        url: `/content/${activityId}/index.html`,
        headers: { authorization: `Bearer ${adminToken}` },
      }),
    ]) {
      expect(probe.statusCode).toBe(303);
      expect(probe.headers['cache-control']).toBe('no-store');
      const target = new URL(probe.headers.location as string);
      expect(target.host).toBe(folder.host);
      expect(target.pathname).toMatch(new RegExp(`^/content/${activityId}/[^/]+/index\\.html$`));
      const page = await ctx.content.inject({
        method: 'GET',
        url: target.pathname,
        headers: { host: target.host },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Jeu</h1>');
    }
  });

  it('refuses anonymous callers and teachers, and unknown ids', async () => {
    expect((await get(`/content/${activityId}/index.html`)).statusCode).toBe(401);
    expect((await get(`/content/${activityId}/index.html`, { cookie: teacherToken })).statusCode).toBe(403);
    expect((await get('/content/999999/index.html', { cookie: adminToken })).statusCode).toBe(404);
    expect((await get('/content/abc/index.html', { cookie: adminToken })).statusCode).toBe(400);
  });
});

describe('GET /content/{id}/{pass}/… (content origin)', () => {
  /** A GET of a file of the package, on its preview origin unless `options.host` says otherwise. */
  const get = (file: string, options: { host?: string; headers?: Record<string, string> } = {}) =>
    ctx.content.inject({
      method: 'GET',
      url: `${folder.path}${file}`,
      headers: { host: options.host ?? folder.host, ...options.headers },
    });

  it('serves the package files with their types, the content CSP and immutable caching', async () => {
    const index = await get(`index.html`);
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
      const response = await get(`${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toBe(type);
    }
    expect((await get(``)).body).toContain('<h1>Jeu</h1>');
  });

  it("sends each file with the type and policy the offline player's worker sends for it", async () => {
    for (const file of Object.keys(packageFiles)) {
      const online = await get(`${file.slice('activite/'.length)}`);
      expect(online.statusCode, file).toBe(200);
      // The worker serves the type the unzip worker stored with the file (its path in the zip),
      // with the app origin the server writes into the worker's script.
      const offline = packageResponseHeaders(packageContentType(file), ctx.config.publicUrl);
      for (const header of [
        'content-type',
        'content-security-policy',
        'connection-allowlist',
        'x-content-type-options',
        'referrer-policy',
      ]) {
        expect(online.headers[header], `${file}: ${header}`).toBe(offline.get(header));
      }
    }
  });

  it('answers ranges and If-None-Match', async () => {
    for (const file of ['index.html', 'app.js']) {
      const first = await get(`${file}`);
      const again = await get(`${file}`, {
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode, file).toBe(304);
    }
    const part = await get(`app.js`, { headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('document');
  });

  it('puts the frameset helper first in package pages, keeping their bytes', async () => {
    const index = await get(`index.html`);
    expect(index.body).toBe(
      `<!doctype html><script>${PACKAGE_PAGE_HELPERS}</script><title>Jeu</title><h1>Jeu</h1>`,
    );
    // Pages are sent whole (the helper moves their bytes).
    const whole = await get(`index.html`, { headers: { range: 'bytes=0-8' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(index.body);
    // Other files are sent as stored.
    expect((await get(`app.js`)).body).toBe('document.title = "ran";');
  });

  it('never serves a file outside the package, and 404s unknown paths', async () => {
    const attempts = [
      '../../../../etc/passwd',
      '..%2F..%2F..%2Fardoise.sqlite',
      '%2e%2e/%2e%2e/tmp',
      `img/..%2f..%2f..%2f${'x'}`,
      '%00index.html',
      '..\\..\\x',
      'img',
      'missing.js',
    ];
    for (const file of attempts) {
      const response = await get(file);
      expect(response.statusCode, file).toBe(404);
    }
    const unknown = await ctx.content.inject({
      method: 'GET',
      url: `/content/abc/${folder.path.split('/')[3]}/index.html`,
      headers: { host: folder.host },
    });
    // No pass is for such an id.
    expect(unknown.statusCode).toBe(401);
  });

  it("serves admins only, by the pass in the path (no cookie, not the app's session cookie)", async () => {
    const withoutPass = `/content/${activityId}/-/index.html`;
    const bare = await ctx.content.inject({
      method: 'GET',
      url: withoutPass,
      headers: { host: folder.host },
    });
    expect(bare.statusCode).toBe(401);
    const appCookie = await ctx.content.inject({
      method: 'GET',
      url: withoutPass,
      headers: { host: folder.host },
      cookies: { '__Host-ardoise_session': adminToken, ardoise_session: adminToken },
    });
    expect(appCookie.statusCode).toBe(401);
    const teacher = apiClient(ctx.app, teacherToken);
    expect((await teacher.get(`/api/content/preview/${activityId}`)).statusCode).toBe(403);
    expect((await apiClient(ctx.app).get(`/api/content/preview/${activityId}`)).statusCode).toBe(401);
    expect((await admin.get('/api/content/preview/999999')).statusCode).toBe(404);
  });

  it('refuses forged and altered passes, a pass for another activity, and passes once the session ended', async () => {
    const [, , id, pass] = folder.path.split('/') as [string, string, string, string];
    const [sid, activity, expires, mac] = pass.split('.') as [string, string, string, string];
    const other = await uploadPackage(
      admin,
      (await createSessionPath(ctx.db)).sessionId,
      buildZip(packageFiles),
      {
        title: 'Autre',
        filename: 'autre.zip',
      },
    );
    const otherId: number = other.json().newfile.id;
    const attempts = {
      forged: `1.${activity}.99999999999999.${'A'.repeat(43)}`,
      later: `${sid}.${activity}.${Number(expires) + 1}.${mac}`,
      otherActivity: `${sid}.${otherId}.${expires}.${mac}`,
      notAPass: 'index.html',
    };
    for (const [name, forged] of Object.entries(attempts)) {
      const response = await ctx.content.inject({
        method: 'GET',
        url: `/content/${id}/${forged}/index.html`,
        headers: { host: folder.host },
      });
      expect(response.statusCode, name).toBe(401);
    }
    // This activity's pass opens this activity's files only.
    const otherFolder = await previewFolder(otherId);
    const borrowed = await ctx.content.inject({
      method: 'GET',
      url: `/content/${otherId}/${pass}/index.html`,
      headers: { host: otherFolder.host },
    });
    expect(borrowed.statusCode).toBe(401);

    const ending = await signInNewAdmin(ctx);
    const ended = new URL(
      (await ending.get(`/api/content/preview/${activityId}`)).json<{ folder: string }>().folder,
    );
    const endedIndex = () =>
      ctx.content.inject({
        method: 'GET',
        url: `${ended.pathname}index.html`,
        headers: { host: ended.host },
      });
    expect((await endedIndex()).statusCode).toBe(200);
    await ending.post('/api/auth/logout');
    expect((await endedIndex()).statusCode).toBe(401);
  });

  it("serves a package on its own origin only: never on another package's, an activity's or the content origin", async () => {
    const sameFiles = await uploadPackage(admin, (await createSessionPath(ctx.db)).sessionId, zip, {
      title: 'Même paquet',
      filename: 'meme.zip',
    });
    const twin = await previewFolder(sameFiles.json().newfile.id);
    // The same package (same bytes) previews on the same origin; another package on another.
    expect(twin.host).toBe(folder.host);
    const other = await uploadPackage(
      admin,
      (await createSessionPath(ctx.db)).sessionId,
      buildZip({ ...packageFiles, 'activite/autre.txt': 'autre' }),
      {
        title: 'Autre paquet',
        filename: 'autre.zip',
      },
    );
    const otherFolder = await previewFolder(other.json().newfile.id);
    expect(otherFolder.host).not.toBe(folder.host);
    expect(otherFolder.host).toMatch(/^preview-[0-9a-f]{32}\.content\.ardoise\.test:3001$/);

    const elsewhere = [
      otherFolder.host,
      new URL(ctx.config.contentUrl).host,
      new URL(activityOrigin(ctx.config.contentUrl, activityId)).host,
    ];
    for (const host of elsewhere) {
      expect((await get('index.html', { host })).statusCode, host).toBe(404);
    }
    expect((await get('index.html')).statusCode).toBe(200);
  });

  it('refuses to serve a service worker script', async () => {
    const response = await get(`app.js`, { headers: { 'service-worker': 'script' } });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('document.title');
    const sw = await get(`sw.js`, { headers: { 'service-worker': 'script' } });
    expect(sw.statusCode).toBe(403);
  });

  it('lets only the app origin read answers across origins (the probe), without credentials', async () => {
    const fromApp = await get('index.html', { headers: { origin: ctx.config.publicUrl } });
    expect(fromApp.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
    expect(fromApp.headers['access-control-allow-credentials']).toBeUndefined();
    // A refusal too: the preview page shows its status.
    const refused = await ctx.content.inject({
      method: 'GET',
      url: `/content/${activityId}/no-pass/index.html`,
      headers: { host: folder.host, origin: ctx.config.publicUrl },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
    const elsewhere = await get('index.html', { headers: { origin: 'http://evil.test' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });
});
