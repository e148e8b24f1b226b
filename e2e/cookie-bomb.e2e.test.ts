// A package that fills the parent domain's cookie jar (four cookies of 4 KB for ardoise.localhost,
// set from its activity's origin under it): the next request of that browser to the app carries
// them all. The app answers it with Clear-Site-Data and a page in French (our JSON error for the
// web app's calls) instead of Node's 431, the browser drops the cookies, and the teacher carries
// on. Chromium, host names as in production before the content host moved to a site of its own.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '../common/messages/http.js';
import { describeLatestPageOnFailure } from './support/browser.js';
import { openGroupTable, startActivity } from './support/learner-pages.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { APP_HOST } from './support/server.js';

const LEVEL = 'Module bombe';
const FIRST = 'Activité 1.1.1.1';

/** On a click (so that nothing the player does afterwards sends them before the test looks),
 * four cookies of 4 KB for the app's parent domain, for a year. */
const BOMB_FILES = {
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Bombe</title></head><body>
<h1>Bombe à cookies</h1><button id="bomb">Piéger</button><p id="out">pending</p><script>
document.getElementById('bomb').addEventListener('click', () => {
  for (let i = 0; i < 4; i++) {
    document.cookie = 'bomb' + i + '=' + 'x'.repeat(4000) + '; domain=${APP_HOST}; path=/; max-age=31536000';
  }
  document.getElementById('out').textContent = 'planted ' + document.cookie.split('; ').filter((c) => c.startsWith('bomb')).length;
});
</script></body></html>`,
};

const setup = setupOnePackageLevel({ level: LEVEL, files: BOMB_FILES, kind: 'html5' });
const watch = describeLatestPageOnFailure();

const bombs = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => c.name.startsWith('bomb')).map((c) => `${c.name} ${c.domain}`);

describe('a cookie bomb set by a package', () => {
  it('is cleared by the app, which says so in French, and the teacher carries on', async () => {
    const { context, page } = await newTeacherPage(setup);
    watch(page);
    await openGroupTable(page, LEVEL, 'Classe bombardée');
    let frame = await startActivity(page, FIRST);
    await frame.getByRole('button', { name: 'Piéger' }).click();
    await frame.getByText('planted 4').waitFor();
    expect((await bombs(context)).sort()).toEqual([0, 1, 2, 3].map((i) => `bomb${i} .${APP_HOST}`));

    // A page of the app: the French page, and the cookies are gone.
    const answer = await page.goto(`${setup.server.url}/user`);
    expect(answer?.status()).toBe(431);
    await page.getByRole('heading', { name: httpMessages.cookiesClearedTitle }).waitFor();
    await page.getByText(httpMessages.cookiesCleared).waitFor();
    expect(await bombs(context)).toEqual([]);
    await page.getByRole('link', { name: httpMessages.reload }).click();
    await page.getByRole('link', { name: new RegExp(LEVEL) }).waitFor();

    // A call of the web app: our JSON error, and the cookies are gone.
    await openGroupTable(page, LEVEL, 'Classe bombardée deux fois');
    frame = await startActivity(page, FIRST);
    await frame.getByRole('button', { name: 'Piéger' }).click();
    await frame.getByText('planted 4').waitFor();
    const call = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(call).toEqual({ status: 431, body: { success: false, message: httpMessages.cookiesCleared } });
    expect(await bombs(context)).toEqual([]);
    const after = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return response.status;
    });
    expect(after).toBe(200);
    await context.close();
  });
});
