// Admin back-office in a real browser against the production build: dashboard, schools, teachers,
// options (profile; 2FA is in account-access.e2e.test.ts), with the spec's texts, modals, toasts, alerts and an axe scan per screen.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../common/messages/account-access.js';
import { adminLabels, schoolMessages, teacherMessages } from '../common/messages/admin.js';
import {
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
  daysFromToday,
} from '../server/fixtures/factories.js';
import { startAdminSession, stopAdminSession } from './support/admin-session.js';
import { describePageOnFailure, expectAccessible, openedDialog, pageSettled } from './support/browser.js';
import { expectFrench } from './support/french.js';
import { ADMIN_EMAIL, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startAdminSession());
});
afterAll(() => stopAdminSession({ server, browser }));
describePageOnFailure(() => page);

const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Answers the next browser alert/confirm from a handler (a listener-less click would hang on it)
 * and resolves with what it said. */
function nextBrowserDialog(
  answer: 'accept' | 'dismiss' = 'accept',
): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
  });
}

const openDialog = () => openedDialog(page);

/** Submits the open form with its `button`, then waits for the `saved` toast and the page it leads to. */
async function submitForm(button: string, saved: string, next: RegExp): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await toast(saved).waitFor();
  await page.waitForURL(next);
}

const storedUser = (email: string) =>
  server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('dashboard', () => {
  it('shows the four KPI cards with real totals', async () => {
    const level = await createLevel(server.db);
    const teacher = await createTeacher(server.db);
    await createGroup(server.db, teacher.id, level.id);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await page.getByText('Aperçu des statistiques de votre plateforme').waitFor();
    const cards = page.getByTestId('kpi-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    for (const label of ['Total Teachers', 'Total Groups', 'Total Activities', 'Total Schools']) {
      await cards.filter({ hasText: label }).waitFor();
    }
    expect(await cards.filter({ hasText: 'Total Teachers' }).textContent()).toContain('1');
    await expectAccessible(page);
  });

  it('keeps the four skeletons when the totals cannot be fetched', async () => {
    await page.route('**/api/admin/getkpi', (route) => route.fulfill({ status: 500, body: '{}' }));
    try {
      const failed = page.waitForResponse((r) => r.url().includes('/api/admin/getkpi') && r.status() === 500);
      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId('kpi-skeleton').first().waitFor();
      await failed;
      await pageSettled(page);
      expect(await page.getByTestId('kpi-skeleton').count()).toBe(4);
      expect(await page.getByTestId('kpi-card').count()).toBe(0);
    } finally {
      await page.unroute('**/api/admin/getkpi');
    }
  });
});

describe('schools', () => {
  it('creates a school through the form, after showing the spec messages', async () => {
    await page.goto(`${server.url}/schools`);
    await page.getByRole('heading', { name: 'Gestion des écoles' }).waitFor();
    await page.getByRole('link', { name: 'Ajouter une école' }).first().click();
    await page.waitForURL(/\/schoolform$/);
    await page.getByRole('button', { name: schoolMessages.createSubmit }).click();
    for (const message of [
      schoolMessages.nameRequired,
      schoolMessages.cityRequired,
      schoolMessages.telephoneRequired,
      schoolMessages.licenseEndRequired,
    ]) {
      await page.getByText(message).waitFor();
    }
    await expectAccessible(page);
    // Defaults: licence start and payment date today, licence inactive.
    const today = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    });
    expect(await page.getByLabel(schoolMessages.licenseStartLabel).inputValue()).toBe(today);
    expect(await page.getByLabel(schoolMessages.lastPaymentLabel).inputValue()).toBe(today);
    expect(await page.getByLabel(schoolMessages.activeLicenseLabel).isChecked()).toBe(false);

    await page.getByLabel(schoolMessages.nameLabel).fill('École Marie Curie');
    await page.getByLabel(adminLabels.city).fill('Grenoble');
    await page.getByLabel(adminLabels.email).fill('not-an-email');
    await page.getByLabel(adminLabels.telephone).fill('04 76 00 00 00');
    await page.getByLabel(schoolMessages.licenseEndLabel).fill('2030-06-30');
    await page.getByLabel(schoolMessages.uaiLabel).fill('0750654E');
    await page.getByRole('button', { name: schoolMessages.createSubmit }).click();
    await page.getByText(schoolMessages.invalidEmail).waitFor();
    await page.getByText(schoolMessages.invalidUai).waitFor();
    await page.getByLabel(adminLabels.email).fill('');
    await page.getByLabel(schoolMessages.uaiLabel).fill('0750654d');
    await submitForm(schoolMessages.createSubmit, schoolMessages.created, /\/schools$/);
    const row = await server.db
      .selectFrom('schools')
      .selectAll()
      .where('name', '=', 'École Marie Curie')
      .executeTakeFirstOrThrow();
    // 'vide' was sent for the empty fields and stored as empty.
    expect(row).toMatchObject({ email: '', website: '', remarque: '', active_license: 0, city: 'Grenoble' });
    expect(row.uai).toBe('0750654D');
  });

  it('searches, opens the details modal, toggles, edits and deletes', async () => {
    await createSchool(server.db, { name: 'Lycée Pasteur', city: 'Strasbourg', email: 'contact@pasteur.fr' });
    await page.goto(`${server.url}/schools`);
    await page.getByTestId('school-row').first().waitFor();
    await expectAccessible(page);

    const search = page.getByPlaceholder('Search schools...');
    await search.fill('GRENOBLE');
    await expect.poll(() => page.getByTestId('school-row').count()).toBe(1);
    await search.fill('pasteur.fr');
    await expect.poll(() => page.getByTestId('school-row').count()).toBe(1);
    await search.fill('nothing-matches-this');
    await page.getByText(schoolMessages.noMatch).waitFor();
    await search.fill('Marie Curie');

    const row = page.getByTestId('school-row').filter({ hasText: 'École Marie Curie' });
    await row.getByText('Inactif').waitFor();
    await row.click();
    let dialog = await openDialog();
    await dialog.getByText(schoolMessages.inactiveLicense).waitFor();
    await dialog.getByText(schoolMessages.noRemarks).waitFor();
    await dialog.getByText('Grenoble').waitFor();
    expect(await dialog.getByTestId('school-uai').textContent()).toBe('0750654D');
    await expectAccessible(page);
    await expectFrench(page, 'school details', ['Marie Curie']);
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Actions : École Marie Curie' }).click();
    await page.getByRole('menuitem', { name: 'Activer' }).click();
    await toast(schoolMessages.activated).waitFor();
    await row.getByText('Actif').waitFor();

    await row.getByRole('button', { name: /Actions : / }).click();
    await page.getByRole('menuitem', { name: schoolMessages.editTitle }).click();
    await page.waitForURL(/\/schoolformedit\/\d+$/);
    expect(await page.getByLabel(adminLabels.city).inputValue()).toBe('Grenoble');
    await expectFrench(page, 'school edit form', ['Marie Curie']);
    await page.getByLabel(adminLabels.city).fill('Échirolles');
    await page.getByLabel(adminLabels.remarks).fill('Nouvelle remarque');
    await submitForm(schoolMessages.saveChanges, schoolMessages.updated, /\/schools$/);
    await page.getByPlaceholder('Search schools...').fill('Marie Curie');
    await page.getByTestId('school-row').filter({ hasText: 'Échirolles' }).click();
    dialog = await openDialog();
    await dialog.getByText('Nouvelle remarque').waitFor();
    await dialog.getByText(schoolMessages.activeLicense).waitFor();
    await page.keyboard.press('Escape');

    // A failed delete uses the browser alert of docs/product.md#error-catalogue.
    const curie = page.getByTestId('school-row').filter({ hasText: 'École Marie Curie' });
    await page.route('**/api/admin/school/*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await curie.getByRole('button', { name: /Actions : / }).click();
    await page.getByRole('menuitem', { name: schoolMessages.deleteAction }).click();
    dialog = await openDialog();
    await dialog.getByText(schoolMessages.deleteConfirm).waitFor();
    await expectFrench(page, 'school delete dialog', ['Marie Curie']);
    await expectAccessible(page);
    const alert = nextBrowserDialog();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    expect(await alert).toEqual({ type: 'alert', message: schoolMessages.deleteFailed });
    await page.unroute('**/api/admin/school/*');

    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await curie.getByRole('button', { name: /Actions : / }).click();
    await page.getByRole('menuitem', { name: schoolMessages.deleteAction }).click();
    dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await toast(schoolMessages.deleted).waitFor();
    await expect.poll(() => page.getByTestId('school-row').count()).toBe(0);
    expect(
      await server.db.selectFrom('schools').select('id').where('name', '=', 'École Marie Curie').execute(),
    ).toHaveLength(0);
  });

  it('shows the licence status by the dashboard’s rule and the end date, and sorts by any column', async () => {
    const day = (offset: number) => daysFromToday(offset);
    await createSchool(server.db, {
      name: 'Tri C échue',
      city: 'Annecy',
      license_start_date: day(-300),
      license_end_date: day(-8),
    });
    await createSchool(server.db, { name: 'Tri A active', city: 'Caen', license_end_date: day(200) });
    await createSchool(server.db, {
      name: 'Tri B future',
      city: 'Brest',
      license_start_date: day(3),
      license_end_date: day(400),
    });
    await createSchool(server.db, { name: 'Tri D éteinte', city: 'Dax', active_license: 0 });
    await page.goto(`${server.url}/schools`);
    await page.getByPlaceholder('Search schools...').fill('Tri ');
    await expect.poll(() => page.getByTestId('school-row').count()).toBe(4);
    const statusOf = (name: string) =>
      page.getByTestId('school-row').filter({ hasText: name }).getByTestId('licence-status').textContent();
    // The dashboard says "échue depuis 8 j" for this one: so does the list, not "Actif".
    expect(await statusOf('Tri C échue')).toBe('Échue depuis 8 j');
    expect(await statusOf('Tri A active')).toBe('Actif');
    expect(await statusOf('Tri B future')).toBe('Commence dans 3 j');
    expect(await statusOf('Tri D éteinte')).toBe('Inactif');
    const endDate = await page
      .getByTestId('school-row')
      .filter({ hasText: 'Tri C échue' })
      .locator('td')
      .nth(4)
      .textContent();
    expect(endDate).toBe(new Date(`${day(-8)}T00:00:00`).toLocaleDateString('fr-FR'));

    const names = async () =>
      (await page.getByTestId('school-row').getByRole('button', { name: /^Tri / }).allTextContents()).map(
        (n) => n.trim(),
      );
    const header = (name: string) => page.getByRole('columnheader', { name }).getByRole('button');
    await header(schoolMessages.nameLabel).click();
    await expect.poll(names).toEqual(['Tri A active', 'Tri B future', 'Tri C échue', 'Tri D éteinte']);
    expect(
      await page.getByRole('columnheader', { name: schoolMessages.nameLabel }).getAttribute('aria-sort'),
    ).toBe('ascending');
    await header(schoolMessages.nameLabel).click();
    await expect.poll(names).toEqual(['Tri D éteinte', 'Tri C échue', 'Tri B future', 'Tri A active']);
    await header(adminLabels.location).click();
    await expect.poll(names).toEqual(['Tri C échue', 'Tri B future', 'Tri A active', 'Tri D éteinte']);
    // Status: the licences that need a look first.
    await header(adminLabels.status).click();
    await expect.poll(names).toEqual(['Tri C échue', 'Tri B future', 'Tri A active', 'Tri D éteinte']);
    await header(schoolMessages.endDateColumn).click();
    expect((await names())[0]).toBe('Tri C échue');
    await header(schoolMessages.endDateColumn).click();
    expect((await names())[0]).toBe('Tri B future');
    await expectFrench(page, 'sorted school list');
  });

  it('shows the toggle failure alert', async () => {
    await createSchool(server.db, { name: 'École Toggle' });
    await page.goto(`${server.url}/schools`);
    await page.getByPlaceholder('Search schools...').fill('École Toggle');
    await page.route('**/api/admin/schooltoggle/*', (route) => route.fulfill({ status: 500, body: '{}' }));
    try {
      await page.getByRole('button', { name: 'Actions : École Toggle' }).click();
      const alert = nextBrowserDialog();
      await page.getByRole('menuitem', { name: 'Désactiver' }).click();
      expect(await alert).toEqual({ type: 'alert', message: schoolMessages.toggleFailed });
    } finally {
      await page.unroute('**/api/admin/schooltoggle/*');
    }
  });
});

describe('teachers', () => {
  it('creates a teacher through the form, after showing the spec messages', async () => {
    await createSchool(server.db, { name: 'Collège Jules Ferry' });
    await createLevel(server.db, 'Sixième');
    await createLevel(server.db, 'Cinquième');
    await page.goto(`${server.url}/teachers`);
    await page.getByRole('heading', { name: 'Gestion des enseignants' }).waitFor();
    await page.getByRole('link', { name: 'Ajouter un enseignant' }).first().click();
    await page.waitForURL(/\/teachersform$/);
    // The spec's password, rather than the sign-in link offered first (account-access.e2e.test.ts).
    await page.getByLabel(signInLinkMessages.accessPassword).check();
    await page.getByRole('button', { name: teacherMessages.createSubmit }).click();
    for (const message of [
      teacherMessages.nameRequired,
      teacherMessages.firstnameRequired,
      teacherMessages.schoolRequired,
      teacherMessages.emailRequired,
      teacherMessages.telephoneRequired,
      teacherMessages.passwordRequired,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page);

    await page.getByLabel(/^Nom/).fill('Dupont');
    await page.getByLabel('Prénom').fill('Alice');
    await page.getByLabel(adminLabels.email).fill('Alice.Dupont@Example.test');
    await page.getByLabel(adminLabels.telephone).fill('0611223344');
    await page.getByLabel(/^Mot de passe/).fill('short');
    await page.getByLabel('École').selectOption({ label: 'Collège Jules Ferry' });
    await page.getByLabel('Sixième').check();
    await page.getByLabel('Cinquième').check();
    await page.getByLabel('Groupes').fill('4');
    await page.getByRole('button', { name: teacherMessages.createSubmit }).click();
    await page.getByText(teacherMessages.passwordTooShort).waitFor();
    await page.getByLabel(/^Mot de passe/).fill('alice-password');
    await submitForm(teacherMessages.createSubmit, teacherMessages.created, /\/teachers$/);
    const row = await storedUser('alice.dupont@example.test');
    expect(row).toMatchObject({ name: 'Dupont', firstname: 'Alice', group_limit: 4, active: 1 });

    // The same email again: the server's 409 is shown above the form.
    await page.goto(`${server.url}/teachersform`);
    await page.getByLabel(/^Nom/).fill('Autre');
    await page.getByLabel('Prénom').fill('Alice');
    await page.getByLabel(adminLabels.email).fill('alice.dupont@example.test');
    await page.getByLabel(adminLabels.telephone).fill('0611223344');
    await page.getByLabel(signInLinkMessages.accessPassword).check();
    await page.getByLabel(/^Mot de passe/).fill('alice-password');
    await page.getByLabel('École').selectOption({ label: 'Collège Jules Ferry' });
    await page.getByRole('button', { name: teacherMessages.createSubmit }).click();
    await page.getByTestId('teacher-form-error').getByText(teacherMessages.emailTaken).waitFor();
  });

  it('searches, opens the profile, toggles, edits and deletes with the browser confirm', async () => {
    await page.goto(`${server.url}/teachers`);
    await page.getByTestId('teacher-row').first().waitFor();
    await expectAccessible(page);
    const search = page.getByPlaceholder('Search teachers...');
    await search.fill('jules ferry');
    await expect.poll(() => page.getByTestId('teacher-row').count()).toBe(1);
    await search.fill('ALICE.DUPONT');
    const row = page.getByTestId('teacher-row').filter({ hasText: 'Dupont' });
    await row.waitFor();
    expect(await page.getByTestId('teacher-row').count()).toBe(1);

    await row.click();
    const dialog = await openDialog();
    await dialog.getByText('Collège Jules Ferry').waitFor();
    await dialog.getByText('Cinquième, Sixième').waitFor();
    await dialog.getByText('Active License').waitFor();
    await expectAccessible(page);
    await expectFrench(page, 'teacher profile', ['Dupont', 'Alice', 'AD']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Actions : Dupont' }).click();
    await page.getByRole('menuitem', { name: 'Désactiver' }).click();
    await toast(teacherMessages.statusUpdated).waitFor();
    await row.getByText('Inactif').waitFor();

    await row.getByRole('button', { name: 'Actions : Dupont' }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    await page.waitForURL(/\/teacherformedit\/\d+$/);
    expect(await page.getByLabel(adminLabels.email).inputValue()).toBe('alice.dupont@example.test');
    expect(await page.getByLabel('Sixième').isChecked()).toBe(true);
    await page.getByLabel('Sixième').uncheck();
    await page.getByLabel('Groupes').fill('');
    await page.getByLabel(adminLabels.telephone).fill('0700000000');
    await submitForm(teacherMessages.saveChanges, teacherMessages.updated, /\/teachers$/);
    const row2 = await storedUser('alice.dupont@example.test');
    expect(row2).toMatchObject({ telephone: '0700000000', group_limit: null, active: 0 });

    await page.getByPlaceholder('Search teachers...').fill('alice.dupont');
    const edited = page.getByTestId('teacher-row').filter({ hasText: 'Dupont' });
    await edited.getByRole('button', { name: 'Actions : Dupont' }).click();
    // Dismissing the confirm keeps the account: nothing is sent.
    const deletions: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'DELETE') deletions.push(request.url());
    };
    page.on('request', onRequest);
    const dismissed = nextBrowserDialog('dismiss');
    await page.getByRole('menuitem', { name: teacherMessages.deleteAction }).click();
    await dismissed;
    await pageSettled(page);
    page.off('request', onRequest);
    expect(deletions).toEqual([]);
    expect(await edited.count()).toBe(1);

    await edited.getByRole('button', { name: 'Actions : Dupont' }).click();
    const confirm = nextBrowserDialog();
    await page.getByRole('menuitem', { name: teacherMessages.deleteAction }).click();
    await toast(teacherMessages.deleted).waitFor();
    expect(await confirm).toEqual({
      type: 'confirm',
      message: "Are you sure you want to delete Dupont's account? This action cannot be undone.",
    });
    await expect.poll(() => edited.count()).toBe(0);
    expect(
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'alice.dupont@example.test')
        .execute(),
    ).toHaveLength(0);
  });
});

describe('options', () => {
  it('saves the profile, then goes to the dashboard', async () => {
    await page.goto(`${server.url}/options`);
    // The form shows what is stored.
    await expect.poll(() => page.getByLabel(adminLabels.email).inputValue()).toBe(ADMIN_EMAIL);
    await page.getByLabel('Nouveau mot de passe').fill('short');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Nouveau mot de passe').fill('');
    await page.getByLabel('Nom', { exact: true }).fill('Directrice');
    await page.getByLabel('Prénom').fill('Camille');
    await page.getByLabel(adminLabels.telephone).fill('0102030405');
    await submitForm('Enregistrer', 'Admin information updated successfully', /\/dashboard$/);
    const admin = await storedUser(ADMIN_EMAIL);
    expect(admin).toMatchObject({ name: 'Directrice', firstname: 'Camille', telephone: '0102030405' });
    // The shell shows the new name at once, without a reload.
    await expect.poll(() => page.getByTestId('sidebar').getByText('Directrice').isVisible()).toBe(true);
  });
});
