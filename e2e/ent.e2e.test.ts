// ENT access in a real browser, against a real identity provider (SimpleSAMLphp): a teacher goes
// from the ENT button through the IdP's login page to /user, creates the groups of their classes
// and plays an activity; a pupil is kindly refused; the admin sees the teacher arrive in the list
// and in the audit log.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entMessages, entRefusals } from '../common/messages/ent.js';
import { buildLevel, storePackage } from '../server/fixtures/curriculum.js';
import { createSchool } from '../server/fixtures/factories.js';
import { buildActivityZip } from '../server/fixtures/files.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import { newAdminPage } from './support/admin-session.js';
import { DESKTOP, expectAccessible, launchBrowser, newPage, PHONE } from './support/browser.js';
import { ENT_UAI, signInAtIdpPage, startServerWithIdp } from './support/ent.js';
import { expectFrench } from './support/french.js';
import { startActivity } from './support/learner-pages.js';
import type { RunningServer } from './support/server.js';

const LEVEL = 'Sixième – français';
let ent: Awaited<ReturnType<typeof startServerWithIdp>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [ent, browser] = await Promise.all([startServerWithIdp(), launchBrowser()]);
  server = ent.server;
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const packageHash = await storePackage(files, buildActivityZip('Activité ENT'));
  const level = await buildLevel(server.db, [[{ sessions: [1] }]], { title: LEVEL, packageHash });
  const school = await createSchool(server.db, {
    name: 'Collège Jean Moulin',
    uai: ENT_UAI,
    sign_in_method: 'gar',
    default_group_limit: 5,
  });
  await server.db
    .insertInto('school_levels')
    .values({ school_id: school.id, level_id: level.levelId })
    .execute();
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
      await page.getByRole('link', { name: entMessages.signInWithEnt }).click();
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

  it('tells a pupil kindly that Ardoise is used by the teacher in class', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/api/auth/saml/login`);
      await signInAtIdpPage(page, 'leo');
      await page.waitForURL(/\/ent\/refus\?motif=pupil$/);
      await page.getByTestId('ent-refusal').getByText(entRefusals.pupil).waitFor();
      await expectFrench(page, 'ENT refusal of a pupil');
      await expectAccessible(page);
      await page.getByRole('link', { name: entMessages.backToSignIn }).click();
      await page.waitForURL(/\/login$/);
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
      await page.getByTestId('audit-row').filter({ hasText: entRefusals.pupil }).waitFor();
      await expectFrench(page, 'audit log with ENT sign-ins', ['Martin']);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
