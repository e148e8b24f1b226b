// A package that fills the parent domain's cookie jar (four cookies of 4 KB for ardoise.localhost,
// set from its activity's origin under it): the next request of that browser to any host of the
// domain carries them all. The app answers it with Clear-Site-Data and a page in French (our JSON
// error for the web app's calls) instead of Node's 431, the browser drops the cookies, and the
// teacher carries on. Chromium, host names with the content host under the app's domain (what
// production avoids: docs/deployment.md). Which request carries the bomb first depends on what the
// player does in the background, so the page and the call are each checked in a browser where
// nothing else runs, with the cookies the package set.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '../common/messages/http.js';
import { describeLatestPageOnFailure } from './support/browser.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { APP_HOST } from './support/server.js';
import { openGroupTable, startActivity } from './support/teacher-area-pages.js';

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

/** The answers refusing cookies (431) from now on in `context`, with what each said. */
function refusals(context: BrowserContext) {
  const seen: Array<{ url: string; clear: string | null; type: string | null }> = [];
  context.on('response', async (answer) => {
    if (answer.status() !== 431) return;
    seen.push({
      url: answer.url(),
      clear: await answer.headerValue('clear-site-data'),
      type: await answer.headerValue('content-type'),
    });
  });
  return seen;
}

/** The package's four cookies, put in a context where nothing else runs: the next request is the
 * test's own, whatever the player's frames and worker do in the background elsewhere. */
async function plantBomb(page: Page) {
  await page.goto('about:blank');
  await page.context().addCookies(
    [0, 1, 2, 3].map((i) => ({
      name: `bomb${i}`,
      value: 'x'.repeat(4000),
      domain: `.${APP_HOST}`,
      path: '/',
      expires: Math.floor(Date.now() / 1000) + 31_536_000,
    })),
  );
}

const callApp = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/auth/me', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  });

describe('a cookie bomb set by a package', () => {
  it('is planted by a played package and cleared by the next request that carries it', async () => {
    const { context, page } = await newTeacherPage(setup);
    watch(page);
    await openGroupTable(page, LEVEL, 'Classe bombardée');
    const frame = await startActivity(page, FIRST);
    const refused = refusals(context);
    await frame.getByRole('button', { name: 'Piéger' }).click();
    await frame.getByText('planted 4').waitFor();
    // Planted: in the browser's jar, unless a request the app or the player made meanwhile already
    // carried them, and its 431 cleared them (only cookies past 8 KB get that answer).
    const planted = [0, 1, 2, 3].map((i) => `bomb${i} .${APP_HOST}`);
    await expect
      .poll(async () => refused.length > 0 || (await bombs(context)).sort().join() === planted.join())
      .toBe(true);

    // The next request to any host of the domain (this page, or one the player makes in the
    // background) is answered 431 with Clear-Site-Data, and the cookies are gone.
    await page.goto(`${setup.server.url}/user`);
    await expect.poll(() => bombs(context)).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.clear, answer.url).toBe('"cookies"');
    await page.goto(`${setup.server.url}/user`);
    await page.getByRole('link', { name: new RegExp(LEVEL) }).waitFor();
    await context.close();
  });

  it('shows the teacher a page in French that clears them, then the app again', async () => {
    const { context, page } = await newTeacherPage(setup);
    watch(page);
    await plantBomb(page);
    const answer = await page.goto(`${setup.server.url}/user`);
    expect(answer?.status()).toBe(431);
    expect(await answer?.headerValue('clear-site-data')).toBe('"cookies"');
    await page.getByRole('heading', { name: httpMessages.cookiesClearedTitle }).waitFor();
    await page.getByText(httpMessages.cookiesCleared).waitFor();
    expect(await bombs(context)).toEqual([]);
    await page.getByRole('link', { name: httpMessages.reload }).click();
    await page.getByRole('link', { name: new RegExp(LEVEL) }).waitFor();
    await context.close();
  });

  it("answers the web app's call with its JSON error, clearing them", async () => {
    const { context, page } = await newTeacherPage(setup);
    watch(page);
    await page.getByRole('link', { name: new RegExp(LEVEL) }).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await plantBomb(page);
    // A page of the app with nothing running but the call (the token as the web app keeps it).
    await page.route(`${setup.server.url}/blank`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '' }),
    );
    await page.goto(`${setup.server.url}/blank`);
    await page.evaluate((value) => sessionStorage.setItem('token', value ?? ''), token);
    expect(await callApp(page)).toEqual({
      status: 431,
      body: { success: false, message: httpMessages.cookiesCleared },
    });
    expect(await bombs(context)).toEqual([]);
    expect((await callApp(page)).status).toBe(200);
    await context.close();
  });
});
