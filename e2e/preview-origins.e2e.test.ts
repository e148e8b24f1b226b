// The admin preview plays each package on an origin of its own (preview-<hash>.content.ardoise.localhost,
// common/content/activity-origin.ts), its files opened by a pass in their path: a hostile package
// previewed first can neither read another package's files nor leave anything (storage, caches,
// cookies) that the other package's preview then meets, and the admin's vetting of that package
// sees the package as uploaded. Chromium, host names as in production.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageKind } from '../common/schemas/activity-package.js';
import { createSessionPath } from '../server/fixtures/factories.js';
import { seedPreviewActivity, startAdminSession, stopAdminSession } from './support/admin-session.js';
import { describePageOnFailure } from './support/browser.js';
import type { RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;
let sessionId: number;

describePageOnFailure(() => page);

const seedActivity = (title: string, kind: PackageKind, packageFiles: Record<string, string>) =>
  seedPreviewActivity(server, sessionId, { title, kind, launch: 'index.html' }, packageFiles);

const packagePage = (title: string, script: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><pre id="out">running</pre><script>${script}</script></body></html>`;

/** Reads the victim's files by every path it can think of (with its own pass, with none), then
 * leaves what a later preview on its origin would meet: storage, a cache, a cookie. */
function hostileFiles(victimId: number): Record<string, string> {
  return {
    'index.html': packagePage(
      'Paquet hostile',
      `(async () => {
  const out = {};
  const read = (url) => fetch(url, { credentials: 'include' }).then(async (r) => r.status + ' ' + (await r.text()).includes('SECRET-B'), () => 'failed');
  const pass = location.pathname.split('/')[3];
  out.withOwnPass = await read('/content/${victimId}/' + pass + '/secret.txt');
  out.withoutPass = await read('/content/${victimId}/secret.txt');
  localStorage.setItem('poison', 'hostile');
  document.cookie = 'poison=hostile; path=/; max-age=3600';
  const cache = await caches.open('poison');
  await cache.put('/player/preview/', new Response('poisoned'));
  out.origin = location.origin;
  document.getElementById('out').textContent = JSON.stringify(out);
})();`,
    ),
  };
}

/** What the victim's preview meets on its origin. */
const VICTIM_FILES = {
  'index.html': packagePage(
    'Paquet vérifié',
    `(async () => {
  const out = { origin: location.origin, poison: localStorage.getItem('poison'), cookie: document.cookie, caches: await caches.keys() };
  document.getElementById('out').textContent = JSON.stringify(out);
})();`,
  ),
  'secret.txt': 'SECRET-B',
};

/** Opens the admin preview of an activity and returns what its package wrote. */
async function preview(activityId: number): Promise<Record<string, unknown>> {
  await page.goto(`${server.url}/activity-preview/${activityId}`);
  const out = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe').locator('#out');
  await expect.poll(() => out.textContent()).not.toBe('running');
  return JSON.parse((await out.textContent()) ?? '{}') as Record<string, unknown>;
}

beforeAll(async () => {
  ({ server, browser, page } = await startAdminSession());
  sessionId = (await createSessionPath(server.db)).sessionId;
});
afterAll(() => stopAdminSession({ server, browser }));

describe('the admin preview of a hostile package', () => {
  it("reads no other package's files and leaves nothing another package's preview meets", async () => {
    const victimId = await seedActivity('Paquet vérifié', 'html5', VICTIM_FILES);
    const hostileId = await seedActivity('Paquet hostile', 'html5', hostileFiles(victimId));

    const hostile = await preview(hostileId);
    expect(hostile.withOwnPass).toMatch(/^40[14] false$/);
    expect(hostile.withoutPass).toMatch(/^40[14] false$/);
    const victim = await preview(victimId);
    expect(victim).toEqual({ origin: victim.origin, poison: null, cookie: '', caches: [] });

    // Each package on a host of its own under the content host: neither the content origin nor
    // the other's.
    const contentHost = new URL(server.contentUrl).host;
    for (const origin of [hostile.origin, victim.origin]) {
      expect(origin).toMatch(
        new RegExp(`^http://preview-[0-9a-f]{32}\\.${contentHost.replace(/\./g, '\\.')}$`),
      );
    }
    expect(victim.origin).not.toBe(hostile.origin);
  });
});
