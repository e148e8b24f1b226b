// The content host under another site than the app's, as docs/deployment.md sets it up
// (ardoise-contenu.fr beside ardoise.fr; here content.ardoise-contenu.localhost beside
// ardoise.localhost, e2e/support/server.ts): the admin preview works without any cookie on the
// content site (a browser that blocks third-party cookies previews the same), a teacher plays an
// activity there, and a package's cookie bomb for its parent domain never reaches the app; the
// content site clears it with a page in French. Chromium, host names as in production.
import type { BrowserContext, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activityOrigin } from '../common/content/activity-origin.js';
import { httpMessages } from '../common/messages/http.js';
import { newAdminPage } from './support/admin-session.js';
import { describeLatestPageOnFailure } from './support/browser.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { APP_HOST } from './support/server.js';
import { openGroupTable, startActivity } from './support/teacher-area-pages.js';

const CONTENT_SITE = 'ardoise-contenu.localhost';
const LEVEL = 'Module autre site';
const FIRST = 'Activité 1.1.1.1';

/** A page that says where it runs; on a click, four cookies of 4 KB for the content site (sent
 * with every request to it, framed or not) and the same for the app's site, which the browser
 * must refuse (not a parent of the package's host). */
const FILES = {
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Autre site</title></head><body>
<h1>Activité sur le site du contenu</h1><button id="bomb">Piéger</button><p id="out">pending</p><script>
document.getElementById('bomb').addEventListener('click', () => {
  for (let i = 0; i < 4; i++) {
    for (const domain of ['${CONTENT_SITE}', '${APP_HOST}']) {
      document.cookie = 'bomb' + i + '=' + 'x'.repeat(4000) + '; domain=' + domain + '; path=/; max-age=31536000; samesite=none; secure';
    }
  }
  document.getElementById('out').textContent = 'planted ' + document.cookie.split('; ').filter((c) => c.startsWith('bomb')).length;
});
</script></body></html>`,
};

const setup = setupOnePackageLevel({
  level: LEVEL,
  files: FILES,
  kind: 'html5',
  server: { contentHost: `content.${CONTENT_SITE}` },
});
const watch = describeLatestPageOnFailure();

const onContentSite = (host: string) => host === CONTENT_SITE || host.endsWith(`.${CONTENT_SITE}`);

/** The cookies the browser holds for the content site. */
const contentSiteCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => onContentSite(c.domain.replace(/^\./, '')));

describe('the content host under another site than the app', () => {
  it('previews a package with no cookie sent to or set by the content site', async () => {
    const { context, page } = await newAdminPage(setup.browser, setup.server);
    watch(page);
    const requests: Request[] = [];
    context.on('request', (request) => {
      if (onContentSite(new URL(request.url()).hostname)) requests.push(request);
    });
    await page.goto(`${setup.server.url}/activity-preview/${setup.activityId}`);
    const preview = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await preview.getByRole('heading', { name: 'Activité sur le site du contenu' }).waitFor();

    expect(requests.map((r) => new URL(r.url()).pathname)).toEqual(
      expect.arrayContaining(['/player/preview/', expect.stringMatching(/\/index\.html$/)]),
    );
    for (const request of requests) {
      expect((await request.allHeaders()).cookie, request.url()).toBeUndefined();
      const answer = await request.response();
      expect(answer && (await answer.allHeaders())['set-cookie'], request.url()).toBeFalsy();
    }
    expect(await contentSiteCookies(context)).toEqual([]);
    await context.close();
  });

  it("plays an activity there, and a package's cookie bomb never reaches the app", async () => {
    const { context, page } = await newTeacherPage(setup);
    watch(page);
    await openGroupTable(page, LEVEL, 'Classe sur un autre site');
    const frame = await startActivity(page, FIRST);
    expect(new URL(frame.url()).hostname.endsWith(`.${CONTENT_SITE}`)).toBe(true);
    await frame.getByRole('button', { name: 'Piéger' }).click();
    await frame.getByText('planted 4').waitFor();
    const planted = (await contentSiteCookies(context)).filter((c) => c.name.startsWith('bomb'));
    expect(planted.map((c) => c.domain)).toEqual(Array(4).fill(`.${CONTENT_SITE}`));
    expect(
      (await context.cookies()).filter((c) => c.domain.endsWith(APP_HOST) && c.name.startsWith('bomb')),
    ).toEqual([]);

    // The app's calls never carry them.
    const call = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return response.status;
    });
    expect(call).toBe(200);
    await context.close();
  });

  it('clears them with a page in French on the content site', async () => {
    const context = await setup.browser.newContext();
    const page = await context.newPage();
    watch(page);
    // As the package set them, in a browser where nothing else runs: the next request is this one.
    await context.addCookies(
      [0, 1, 2, 3].map((i) => ({
        name: `bomb${i}`,
        value: 'x'.repeat(4000),
        domain: `.${CONTENT_SITE}`,
        path: '/',
        expires: Math.floor(Date.now() / 1000) + 31_536_000,
        sameSite: 'None' as const,
        secure: true,
      })),
    );
    const answer = await page.goto(`${activityOrigin(setup.server.contentUrl, 1)}/player/`);
    expect(answer?.status()).toBe(431);
    expect(await answer?.headerValue('clear-site-data')).toBe('"cookies"');
    await page.getByRole('heading', { name: httpMessages.cookiesClearedTitle }).waitFor();
    expect(await contentSiteCookies(context)).toEqual([]);
    await context.close();
  });
});
