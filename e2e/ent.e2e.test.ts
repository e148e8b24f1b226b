// ENT access in a real browser, against a real identity provider (SimpleSAMLphp) on another site:
// a teacher goes from the ENT button through the IdP's login page to /user, creates the groups of
// their classes and plays an activity; someone else's sign-in pushed to this browser is refused
// (pupils: ent-pupils.e2e.test.ts); the admin sees the teacher arrive in the list and in the audit log.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../common/messages/auth.js';
import { entMessages, entRefusals } from '../common/messages/ent.js';
import { newAdminPage } from './support/admin-session.js';
import { DESKTOP, expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { ENT_UAI, entSchoolWithLevel, signInAtIdpPage, startServerWithIdp } from './support/ent.js';
import { expectFrench } from './support/french.js';
import type { RunningServer } from './support/server.js';
import { startActivity } from './support/teacher-area-pages.js';

const LEVEL = 'Sixième – français';
let ent: Awaited<ReturnType<typeof startServerWithIdp>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [ent, browser] = await Promise.all([startServerWithIdp(), launchBrowser()]);
  server = ent.server;
  await entSchoolWithLevel(server, {
    level: LEVEL,
    activityTitle: 'Activité ENT',
    school: { name: 'Collège Jean Moulin', default_group_limit: 5 },
  });
});
afterAll(async () => {
  await browser?.close();
  await ent?.close();
});

describe('a teacher coming from the ENT', () => {
  it('signs in through the IdP, lands on /user, creates the groups of their classes and plays', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: authMessages.signInWithEnt }).click();
      await page.waitForURL((url) => url.toString().startsWith(ent.idp.url));
      await signInAtIdpPage(page, 'claire');
      await page.waitForURL(/\/user$/);
      await page.getByRole('heading', { name: 'Choisissez votre niveau' }).waitFor();
      // The one-time code does not stay in the address bar or the history.
      expect(page.url()).not.toContain('code=');

      await page.getByRole('link', { name: new RegExp(LEVEL) }).click();
      await page.waitForURL(/\/usergroups\/\d+$/);
      const classes = page.getByRole('region', { name: entMessages.classGroupsTitle });
      await classes.getByText('6EME A').waitFor();
      await expectAccessible(page);
      await classes.getByRole('button', { name: entMessages.createClassGroups }).click();
      await page.getByText(entMessages.classGroupsCreated(2)).waitFor();
      await page.getByRole('link', { name: /6EME B/ }).waitFor();
      await classes.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: /6EME A/ }).press('Enter');
      await page.waitForURL(/\/usertable\/\d+$/);
      const frame = await startActivity(page, 'Activité 1.1.1.1');
      await frame.getByText('script ran').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('someone else’s sign-in, pushed to this browser (login forgery)', () => {
  /** The attacker's own sign-in as Claire, stopped where their browser would hand it to Ardoise:
   * the IdP's form (`acs`) or the one-time code (`code`), kept instead. */
  async function attackersSignIn(keep: 'acs' | 'code'): Promise<string> {
    const { context, page } = await newPage(browser);
    try {
      const kept = new Promise<string>((resolve) => {
        const path = keep === 'acs' ? '/api/auth/saml/acs' : '/api/auth/ent/session';
        void page.route(`${server.url}${path}`, (route) => {
          const body = route.request().postData() ?? '';
          resolve(keep === 'acs' ? body : (JSON.parse(body) as { code: string }).code);
          return route.abort();
        });
      });
      await page.goto(`${server.url}/api/auth/saml/login`);
      await signInAtIdpPage(page, 'claire');
      return await kept;
    } finally {
      await context.close();
    }
  }

  const htmlText = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

  it('refuses their IdP answer auto-posted from another site, and says to start again', async () => {
    const fields = new URLSearchParams(await attackersSignIn('acs'));
    const { context, page } = await newPage(browser);
    try {
      const inputs = [...fields]
        .map(([name, value]) => `<input type="hidden" name="${htmlText(name)}" value="${htmlText(value)}">`)
        .join('');
      await page.route('http://piege.localhost/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="${server.url}/api/auth/saml/acs">${inputs}</form><script>document.forms[0].submit()</script>`,
        }),
      );
      await page.goto('http://piege.localhost/');
      await page.waitForURL(/\/ent\/refus\?motif=notStartedHere$/);
      await page.getByTestId('ent-refusal').getByText(entRefusals.notStartedHere).waitFor();
      await expectFrench(page, 'ENT refusal of a sign-in started elsewhere');
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__Host-ardoise_session');
    } finally {
      await context.close();
    }
  });

  it('refuses their one-time code sent as a link', async () => {
    const code = await attackersSignIn('code');
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${server.url}/ent/connexion#code=${code}`);
      await page.getByText(entRefusals.notStartedHere).waitFor();
      expect(page.url()).not.toContain('code=');
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__Host-ardoise_session');
    } finally {
      await context.close();
    }
  });
});

describe('the admin', () => {
  it('sees the teacher in the list, signing in through the GAR, and the ENT sign-ins in the audit log', async () => {
    const { context, page } = await newAdminPage(browser, server);
    try {
      await page.goto(`${server.url}/teachers`);
      const row = page.getByTestId('teacher-row').filter({ hasText: 'Martin' });
      await row.getByTestId('teacher-sign-in').getByText(entMessages.signInMethods.gar).waitFor();
      await row.getByText('Collège Jean Moulin').waitFor();

      await page.goto(`${server.url}/audit`);
      await page
        .getByTestId('audit-row')
        .filter({ hasText: 's’est connecté par l’ENT (GAR)' })
        .first()
        .waitFor();
      await page
        .getByTestId('audit-row')
        .filter({ hasText: `Compte enseignant créé à sa première connexion par l’ENT (UAI ${ENT_UAI})` })
        .waitFor();
      await expectFrench(page, 'audit log with ENT sign-ins', ['Martin']);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
