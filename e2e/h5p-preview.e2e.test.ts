// The H5P runtime and the admin preview player in a real browser against the production build:
// the preview plays an HTML5, a SCORM 1.2, a SCORM 2004 and an H5P package and records nothing;
// the H5P page plays the teacher area's offline copy (/local-activity/), hands its state and result to the
// bridge of the page framing it, and keeps working once the network is cut.
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOrigin } from '../common/content/activity-origin.js';
import { h5pMessages } from '../common/messages/h5p.js';
import { previewPlayerUrl } from '../common/preview-player.js';
import type { PackageKind } from '../common/schemas/activity-package.js';
import { buildLevel, storePackage } from '../server/fixtures/curriculum.js';
import { createSessionPath, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { buildZip } from '../server/fixtures/files.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import { H5P_TEST_MAX_SCORE, H5P_TEST_TITLE, h5pTestFiles } from '../server/test/h5p-package.js';
import { ACTIVITY_PREVIEW_SANDBOX } from '../web/src/features/curriculum/lib/sandbox.js';
import {
  previewFolder,
  seedPreviewActivity,
  startAdminSession,
  stopAdminSession,
} from './support/admin-session.js';
import { DESKTOP, expectAccessible, newSignedInPage, PHONE } from './support/browser.js';
import { keepScreenshot } from './support/photograph.js';
import type { RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let adminPage: Page;
let files: LocalFileStore;
let sessionId: number;

/** A SCORM page that finds the API on its parent chain, as a real SCO does, and runs a session. */
function scoPage(version: '1.2' | '2004'): string {
  const calls =
    version === '1.2'
      ? `var api = find('API');
  var log = [api.LMSInitialize(''), api.LMSSetValue('cmi.core.lesson_status', 'completed'),
    api.LMSSetValue('cmi.core.score.raw', '80'), api.LMSSetValue('cmi.suspend_data', 'page=3'),
    api.LMSCommit(''), api.LMSGetValue('cmi.core.lesson_status'), api.LMSFinish('')];`
      : `var api = find('API_1484_11');
  var log = [api.Initialize(''), api.SetValue('cmi.completion_status', 'completed'),
    api.SetValue('cmi.score.raw', '80'), api.SetValue('cmi.suspend_data', 'page=3'),
    api.Commit(''), api.GetValue('cmi.completion_status'), api.Terminate('')];`;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>SCO ${version}</title></head>
<body><h1>Module SCORM ${version}</h1><p id="log">pending</p><script>
function find(name) { var w = window; for (var i = 0; i < 10 && w; i++) { if (w[name]) return w[name]; if (w.parent === w) break; w = w.parent; } return null; }
try { ${calls} document.getElementById('log').textContent = log.join(','); }
catch (e) { document.getElementById('log').textContent = 'no API: ' + e.message; }
</script></body></html>`;
}

const seedActivity = (
  title: string,
  kind: PackageKind,
  launch: string,
  packageFiles: Record<string, string>,
) => seedPreviewActivity(server, sessionId, { title, kind, launch }, packageFiles);

beforeAll(async () => {
  ({ server, browser, page: adminPage } = await startAdminSession());
  files = new LocalFileStore(path.join(server.dataDir, 'files'));
  sessionId = (await createSessionPath(server.db)).sessionId;
});
afterAll(() => stopAdminSession({ server, browser }));

/** Every request made from inside the preview (any frame but the app page's own). */
function watchPreviewRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.frame() !== page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/** Frames the preview player for an activity from an app page, as /activity-preview/{id} does once
 * the upload summary gives it the kind (until then the page previews every package as HTML5): on
 * the package's own origin, its folder (with the pass) as the base. */
async function openPreviewPlayer(page: Page, activityId: number, kind: PackageKind, launch: string) {
  await page.goto(`${server.url}/levels`);
  const folder = await previewFolder(page, activityId);
  const src = previewPlayerUrl(folder.origin, { base: folder.pathname, kind, launch });
  await page.evaluate(
    ({ url, sandbox }) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      frame.title = 'Aperçu';
      frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;z-index:9999;background:#fff';
      frame.setAttribute('sandbox', sandbox);
      document.body.append(frame);
    },
    { url: src, sandbox: ACTIVITY_PREVIEW_SANDBOX },
  );
  return { frame: page.frameLocator('iframe[title="Aperçu"]').frameLocator('iframe'), folder };
}

/** The preview origin of a package: a host of its own under the content host. */
const PREVIEW_ORIGIN = /^http:\/\/preview-[0-9a-f]{32}\.content\.ardoise\.localhost:\d+$/;

describe('the admin preview player', () => {
  it('plays an HTML5 package from /activity-preview/{id} through the preview player', async () => {
    const id = await seedActivity('Jeu HTML5', 'html5', 'index.html', {
      'index.html':
        '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Jeu</title></head><body><h1>Jeu HTML5</h1><p id="status">loading</p><script src="app.js"></script></body></html>',
      'app.js': "document.getElementById('status').textContent = 'script ran';",
    });
    for (const viewport of [DESKTOP, { width: 1366, height: 768 }, PHONE]) {
      await adminPage.setViewportSize(viewport);
      await adminPage.goto(`${server.url}/activity-preview/${id}`);
      const frame = adminPage.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
      await frame.getByText('script ran').waitFor();
      const src = new URL((await adminPage.getByTestId('preview-frame').getAttribute('src')) ?? '');
      expect(src.origin).toMatch(PREVIEW_ORIGIN);
      expect(src.pathname).toBe('/player/preview/');
      expect(src.searchParams.get('base')).toMatch(new RegExp(`^/content/${id}/[\\w.-]+/$`));
      expect(src.searchParams.get('launch')).toBe('index.html');
      if (viewport !== DESKTOP) {
        await keepScreenshot(adminPage, `h5p-preview-${viewport.width}x${viewport.height}`);
      }
    }
    await adminPage.setViewportSize(DESKTOP);
    await expectAccessible(adminPage);
  });

  it.each([
    ['scorm12', '1.2'],
    ['scorm2004', '2004'],
  ] as const)('gives a %s package its API in preview mode and records nothing', async (kind, version) => {
    const launch = 'sco/index_lms.html?lang=fr';
    const id = await seedActivity(`SCORM ${version}`, kind, launch, {
      'imsmanifest.xml': '<manifest/>',
      'sco/index_lms.html': scoPage(version),
    });
    const requests = watchPreviewRequests(adminPage);
    const { frame, folder } = await openPreviewPlayer(adminPage, id, kind, launch);
    await expect
      .poll(() => frame.locator('#log').textContent())
      .toBe('true,true,true,true,true,completed,true');
    // The runtime committed nowhere: every request of the preview stayed on the package's origin,
    // for the player and the package's files (the preview page itself may not connect).
    expect(folder.origin).toMatch(PREVIEW_ORIGIN);
    expect(requests.filter((url) => !url.startsWith(folder.origin))).toEqual([]);
    expect(requests.filter((url) => url.includes('/api/user/activity/runtime'))).toEqual([]);
    expect(requests.map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/player/preview/', `${folder.pathname}sco/index_lms.html`]),
    );
  });

  it('plays an H5P package with a bridge that keeps nothing', async () => {
    const id = await seedActivity('H5P', 'h5p', 'h5p.json', h5pTestFiles());
    const requests = watchPreviewRequests(adminPage);
    const { frame: content, folder } = await openPreviewPlayer(adminPage, id, 'h5p', 'h5p.json');
    await content.getByRole('heading', { name: H5P_TEST_TITLE }).waitFor();
    await content.getByRole('button', { name: 'Répondre' }).click();
    await content.getByText('Réponses : 1').waitFor();
    for (const viewport of [{ width: 1366, height: 768 }, PHONE]) {
      await adminPage.setViewportSize(viewport);
      await keepScreenshot(adminPage, `h5p-preview-h5p-${viewport.width}x${viewport.height}`);
    }
    await adminPage.setViewportSize(DESKTOP);
    await expectAccessible(adminPage);
    expect(requests.filter((url) => !url.startsWith(folder.origin))).toEqual([]);
    expect(requests.map((url) => new URL(url).pathname)).toContain(`${folder.pathname}h5p.json`);
  });

  it('refuses a target outside /content/', async () => {
    const id = await seedActivity('Hors du paquet', 'html5', 'index.html', { 'index.html': 'hors' });
    await openPreviewPlayer(adminPage, id, 'html5', '../../api/user/me');
    const preview = adminPage.frameLocator('iframe[title="Aperçu"]');
    await preview.getByRole('alert').getByText(h5pMessages.previewRefused).waitFor();
    await keepScreenshot(adminPage, 'h5p-preview-refused');
    await expectAccessible(adminPage);
  });
});

describe('the H5P runtime page on a learner’s offline copy', () => {
  let teacher: { email: string; password: string };
  let hash: string;

  beforeAll(async () => {
    // Played through today's player (it needs an index.html), then the H5P page is opened on the
    // stored copy, as the teacher area's player does for an H5P activity.
    const zip = buildZip({ ...h5pTestFiles(), 'index.html': '<!doctype html><title>H5P</title>' });
    hash = await storePackage(files, zip);
    const level = await buildLevel(server.db, [[{ sessions: [1] }]], {
      title: 'Niveau H5P',
      packageHash: hash,
    });
    const created = await createTeacher(server.db, { levelIds: [level.levelId] });
    teacher = { email: created.email, password: DEFAULT_PASSWORD };
  });

  /** Opens the activity in the player, then the H5P page in its place with a recording bridge. */
  async function openH5P(page: Page, previousState: string | null): Promise<Frame> {
    await page.getByRole('link', { name: /Niveau H5P/ }).click();
    await page.waitForURL(/\/usergroups\/\d+$/);
    if (!(await page.getByRole('link', { name: /Classe H5P/ }).isVisible())) {
      await page.getByLabel('Nouveau groupe').fill('Classe H5P');
      await page.getByRole('button', { name: 'Créer le groupe' }).click();
    }
    await page.getByRole('link', { name: /Classe H5P/ }).click();
    await page.waitForURL(/\/usertable\/\d+$/);
    await page.getByRole('button', { name: /^Activité 1\.1\.1\.1 / }).click();
    await page.getByRole('button', { name: 'Commencer' }).waitFor({ timeout: 30_000 });
    const activityFrame = page.frames().find((f) => f.url().includes('/local-activity/'));
    const playerFrame = activityFrame?.parentFrame();
    if (!playerFrame) throw new Error('player frame missing');
    await playerFrame.evaluate(
      ({ key, previous, base }) => {
        const calls: unknown[] = [];
        Object.assign(window, { h5pCalls: calls });
        (window as unknown as Record<string, unknown>)[key] = {
          previousState: previous,
          saveState: (state: string) => calls.push({ saveState: state }),
          reportResult: (result: unknown) => calls.push({ reportResult: result }),
        };
        (document.getElementById('activity') as HTMLIFrameElement).src = `/player/h5p/?base=${base}`;
      },
      { key: 'ardoiseH5P', previous: previousState, base: encodeURIComponent(`/local-activity/${hash}/`) },
    );
    await page.getByRole('button', { name: 'Commencer' }).click();
    return playerFrame;
  }

  const calls = (playerFrame: Frame) =>
    playerFrame.evaluate(() => (window as unknown as { h5pCalls: unknown[] }).h5pCalls);

  it('restores the state, reports the result and saves, online and offline', async () => {
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    const playerFrame = await openH5P(page, JSON.stringify({ answers: 2 }));
    // The H5P page runs the content in itself.
    const h5pFrame = () => page.frames().find((f) => f.url().includes('/player/h5p/'));
    await expect.poll(() => h5pFrame() !== undefined).toBe(true);
    const content = h5pFrame();
    await content?.getByRole('heading', { name: H5P_TEST_TITLE }).waitFor();
    // The bridge's previous state is the content's.
    await content?.getByText('Réponses : 2').waitFor();

    await content?.getByRole('button', { name: 'Répondre' }).click();
    const completed = {
      reportResult: { raw: H5P_TEST_MAX_SCORE, max: H5P_TEST_MAX_SCORE, completed: true, success: true },
    };
    await expect.poll(() => calls(playerFrame)).toContainEqual(completed);
    // H5P saves 3 s after a `completed` statement.
    await expect
      .poll(() => calls(playerFrame), { timeout: 10_000 })
      .toContainEqual({ saveState: JSON.stringify({ answers: 3 }) });

    // The network drops: the content keeps playing from the stored copy and the runtime's assets.
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await context.setOffline(true);
    await content?.getByRole('button', { name: 'Répondre' }).click();
    await content?.getByText('Réponses : 4').waitFor();
    await expect
      .poll(() => calls(playerFrame), { timeout: 10_000 })
      .toContainEqual({ saveState: JSON.stringify({ answers: 4 }) });
    expect(
      (await calls(playerFrame)).filter((call) => JSON.stringify(call) === JSON.stringify(completed)),
    ).toHaveLength(2);
    expect(failed).toEqual([]);

    // Opened again with the network still cut: the page and the runtime come from the service
    // worker's cache, the package from the stored copy (the state is the bridge's again).
    const h5pUrl = content?.url() ?? '';
    await content?.goto(h5pUrl);
    await content?.getByText('Réponses : 2').waitFor();
    await content?.getByRole('button', { name: 'Répondre' }).click();
    await content?.getByText('Réponses : 3').waitFor();
    await expect
      .poll(async () =>
        (await calls(playerFrame)).filter((call) => JSON.stringify(call) === JSON.stringify(completed)),
      )
      .toHaveLength(3);
    expect(failed).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('serves the runtime pages with their policies and the runtime’s assets with their types', async () => {
    const h5p = await fetch(`${server.contentUrl}/player/h5p/?base=%2Fcontent%2F1%2F`);
    expect(h5p.status).toBe(200);
    expect(h5p.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${server.url}`);
    const html = await h5p.text();
    const preview = await fetch(`${server.contentUrl}/player/preview/`);
    expect(preview.headers.get('content-security-policy')).toContain("connect-src 'none'");
    expect(preview.headers.get('content-security-policy')).toContain(`frame-ancestors ${server.url}`);
    // An activity's own host serves the player's pages too: the page that clears its origin.
    const clear = await fetch(`${activityOrigin(server.contentUrl, 5)}/player/clear/`);
    expect(clear.status).toBe(200);
    expect(clear.headers.get('content-security-policy')).toContain(`frame-ancestors ${server.url}`);
    expect(await clear.text()).toContain(`content="${server.url}"`);
    // The page's script names the runtime's assets; each is served with its type, cached for good.
    const script = html.match(/src="(\/player\/assets\/h5p-[^"]+\.js)"/)?.[1];
    const code = await (await fetch(`${server.contentUrl}${script}`)).text();
    const named = (text: string) =>
      [...text.matchAll(/\/player\/assets\/[\w.-]+\.(?:js|css|woff2)/g)].map((m) => m[0]);
    const stylesheet = named(code).find((asset) => asset.endsWith('.css'));
    // H5P's stylesheet names the fonts.
    const css = await (await fetch(`${server.contentUrl}${stylesheet}`)).text();
    const assets = [...named(code), ...named(css)];
    const types = new Map<string, string>();
    for (const asset of new Set(assets)) {
      const response = await fetch(`${server.contentUrl}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toContain('immutable');
      types.set(asset.split('.').pop() ?? '', response.headers.get('content-type') ?? '');
    }
    expect(Object.fromEntries(types)).toMatchObject({
      js: expect.stringContaining('javascript'),
      css: expect.stringContaining('text/css'),
      woff2: 'font/woff2',
    });
  });
});
