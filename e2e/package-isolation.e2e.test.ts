// Packages that attack the cookies of the app and of the content origin, in Chromium with sibling
// host names under one parent (app on ardoise.localhost, content origin on
// content.ardoise.localhost, the activity on activity-N.content.ardoise.localhost, the preview on
// preview-<hash>.content.ardoise.localhost; production puts the content under another site, where
// none of this reaches the app): a package's script plants XSRF and session cookies (and the
// preview's former cookie) for every parent domain on the paths the app and the preview use. The
// app's cookies are host-only `__Host-` ones and the preview reads none, so the teacher's saves and
// the admin's previews still work.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { curriculumMessages as m } from '../common/messages/curriculum.js';
import { newAdminPage } from './support/admin-session.js';
import { openedDialog } from './support/browser.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { APP_HOST } from './support/server.js';
import { openGroupTable, startActivity } from './support/teacher-area-pages.js';

const LEVEL = 'Module cookies piégés';
const FIRST = 'Activité 1.1.1.1';
const PLANTED = ['XSRF-TOKEN', 'ardoise_session', 'ardoise_content'];

/** Plants every name the app ever used, for each parent domain and its own host, on the paths of
 * the API, the teacher's routes and the preview, for a year; the `__Host-` names too (which the
 * browser must refuse with a Domain or another path). Writes what it did. */
const PLANT_SCRIPT = `
const labels = location.hostname.split('.');
const domains = labels.map((_, index) => labels.slice(index).join('.'));
for (const domain of domains) {
  for (const path of ['/', '/api', '/api/user', '/api/admin', '/content']) {
    for (const name of ${JSON.stringify(PLANTED)}) {
      document.cookie = name + '=tossed; domain=' + domain + '; path=' + path + '; max-age=31536000';
      document.cookie = '__Host-' + name + '=tossed; domain=' + domain + '; path=' + path + '; max-age=31536000; secure';
    }
  }
}
document.cookie = '__Host-ardoise_content=tossed; path=/; max-age=31536000; secure';
document.getElementById('out').textContent = 'planted for ' + domains.slice(1).join(', ');
`;

function plantingFiles(): Record<string, string> {
  return {
    'index.html':
      '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Cookies</title></head><body><h1>Cookies piégés</h1><p id="out">pending</p><script src="plant.js"></script></body></html>',
    'plant.js': PLANT_SCRIPT,
  };
}

const setup = setupOnePackageLevel({
  level: LEVEL,
  files: plantingFiles(),
  kind: 'html5',
  server: { hostNames: true },
});

/** The cookies the package managed to plant for the parent domain (so the attack did happen). */
async function plantedForParent(context: BrowserContext): Promise<string[]> {
  const cookies = await context.cookies();
  return cookies
    .filter((c) => c.domain === `.${APP_HOST}` && c.value === 'tossed')
    .map((c) => `${c.name} ${c.path}`)
    .sort();
}

/** The app host's cookies are its own `__Host-` ones, none holding the package's value. */
async function hostCookiesUntouched(context: BrowserContext): Promise<void> {
  const cookies = await context.cookies();
  const app = cookies.filter((c) => c.domain === APP_HOST);
  expect(app.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['__Host-XSRF-TOKEN']));
  expect(app.filter((c) => c.value === 'tossed')).toEqual([]);
  expect(app.every((c) => c.name.startsWith('__Host-') && c.path === '/' && c.secure)).toBe(true);
}

describe('a package that plants cookies for the parent domain', () => {
  it("leaves the teacher's saves working", async () => {
    const { context, page } = await newTeacherPage(setup);
    await openGroupTable(page, LEVEL, 'Classe piégée');
    const frame = await startActivity(page, FIRST);
    await expect.poll(() => frame.locator('#out').textContent()).toMatch(/^planted for /);
    const planted = await plantedForParent(context);
    expect(planted).toEqual(expect.arrayContaining(['XSRF-TOKEN /api/user', 'ardoise_session /content']));
    await hostCookiesUntouched(context);

    // Saves under /api/user, where the planted XSRF-TOKEN is sent first, still pass the check.
    await page.goto(`${setup.server.url}/user`);
    await openGroupTable(page, LEVEL, 'Classe après le piège');
    await context.close();
  });

  it("leaves the admin's saves and previews working", async () => {
    const { context, page } = await newAdminPage(setup.browser, setup.server);
    const preview = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await page.goto(`${setup.server.url}/activity-preview/${setup.activityId}`);
    await expect.poll(() => preview.locator('#out').textContent()).toMatch(/^planted for /);
    expect(await plantedForParent(context)).toEqual(
      expect.arrayContaining([
        'XSRF-TOKEN /api/admin',
        'ardoise_session /content',
        'ardoise_content /content',
      ]),
    );
    await hostCookiesUntouched(context);

    // An admin save.
    await page.goto(`${setup.server.url}/levels`);
    await page.getByRole('button', { name: m.addLevel }).first().click();
    const dialog = await openedDialog(page);
    await dialog.getByLabel(m.levelNameLabel).fill('Niveau après le piège');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/'));
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await page.getByRole('link', { name: 'Niveau après le piège' }).waitFor();

    // The preview opens again: the planted cookies on /content are not read.
    await page.goto(`${setup.server.url}/activity-preview/${setup.activityId}`);
    await preview.getByRole('heading', { name: 'Cookies piégés' }).waitFor();
    await expect.poll(() => preview.locator('#out').textContent()).toMatch(/^planted for /);
    await context.close();
  });
});
