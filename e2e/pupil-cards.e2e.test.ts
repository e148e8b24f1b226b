// Pupils without an ENT in a real browser (docs/pupils.md#sans-ent--les-cartes-de-connexion): a
// teacher adds three pupils to a group and prints their cards; at phone width a pupil signs in at
// /classe with the class code, their name and their pictures (a wrong sequence says so, in
// French); at tablet width another signs in with their card's QR link; after « Nouvelles cartes »
// the old QR link is refused. axe on /classe and the cards page; screenshots of each step at 390
// and 1366 px go to SCREENSHOT_DIR when it is set.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilMessages } from '../common/messages/pupils.js';
import { CARD_PICTURES } from '../common/pupils.js';
import type { CardsResponse } from '../common/schemas/pupils.js';
import {
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../server/fixtures/factories.js';
import {
  describeLatestPageOnFailure,
  expectAccessible,
  launchBrowser,
  newPage,
  newSignedInPage,
} from './support/browser.js';
import { tapPictures } from './support/class-door.js';
import { expectFrench } from './support/french.js';
import { type RunningServer, startServer } from './support/server.js';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = process.env.SCREENSHOT_DIR;

let server: RunningServer;
let browser: Browser;
let teacher: { email: string; password: string };
let groupId: number;
const watch = describeLatestPageOnFailure();

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const school = await createSchool(server.db, { name: 'École des Tilleuls' });
  const level = await createLevel(server.db, 'CP — Cours préparatoire');
  const created = await createTeacher(server.db, {
    school_id: school.id,
    levelIds: [level.id],
    firstname: 'Anne',
  });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
  groupId = (await createGroup(server.db, created.id, level.id, 'CP Les hiboux')).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sign-in cards and the door /classe', () => {
  let cards: CardsResponse;
  let teacherPage: Page;

  it('a teacher adds three pupils and prints their cards', async () => {
    const { page } = await newSignedInPage(browser, server.url, teacher, /\/user$/, DESKTOP);
    teacherPage = page;
    watch(page);
    await page.goto(`${server.url}/usertable/${groupId}/eleves`);
    await page.getByText(pupilMessages.rosterEmpty).waitFor();
    await page.getByLabel(pupilMessages.addPupilsLabel).fill('Lina\nNoé\nSami');
    await page.getByRole('button', { name: pupilMessages.addPupilsSubmit, exact: true }).click();
    const roster = page.getByRole('region', { name: pupilMessages.rosterTitle }).getByRole('listitem');
    await expect.poll(() => roster.count()).toBe(3);
    await shot(page, 'roster-1366');

    const answer = page.waitForResponse((response) => response.url().endsWith(`/groups/${groupId}/cards`));
    await page.getByRole('link', { name: pupilMessages.printCards }).click();
    await page.waitForURL(/\/eleves\/cartes$/);
    cards = await (await answer).json();
    await page.getByText(cards.classCode, { exact: true }).first().waitFor();
    await expect.poll(() => page.locator('article.sign-in-card').count()).toBe(3);
    for (const name of ['Lina', 'Noé', 'Sami']) await page.getByRole('article', { name }).waitFor();
    // Each card shows its pictures by name, and its QR code.
    const lina = cards.cards.find((card) => card.displayName === 'Lina')!;
    const linaCard = page.getByRole('article', { name: 'Lina' });
    for (const picture of lina.pictures) {
      await expect
        .poll(() => linaCard.getByRole('img', { name: CARD_PICTURES[picture], exact: true }).count())
        .toBeGreaterThan(0);
    }
    await linaCard.getByRole('img', { name: pupilMessages.qrLabel('Lina') }).waitFor();
    await expectAccessible(page);
    await expectFrench(page, 'cards', ['Lina', 'Noé', 'Sami', 'CP Les hiboux', cards.classCode]);
    await shot(page, 'cards-1366');
    await page.setViewportSize(PHONE);
    await shot(page, 'cards-390');
    // Nothing of a card is cut off on a phone, nor on paper (A4: two columns of cards).
    const overflowing = () =>
      page
        .locator('article.sign-in-card')
        .evaluateAll(
          (articles) =>
            articles.filter(
              (article) =>
                article.scrollWidth > article.clientWidth + 1 ||
                article.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
            ).length,
        );
    expect(await overflowing()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 718, height: 1047 });
    expect(await overflowing()).toBe(0);
    await page.getByRole('button', { name: pupilMessages.print }).waitFor({ state: 'hidden' });
    await shot(page, 'cards-print');
    await page.emulateMedia({ media: null });
    await page.setViewportSize(DESKTOP);
  });

  it('at phone width, a pupil signs in with the class code, their name and their pictures', async () => {
    const { context, page } = await newPage(browser, PHONE);
    watch(page);
    await page.goto(`${server.url}/classe`);
    const codeField = page.getByLabel(pupilMessages.classCodeLabel);
    await codeField.waitFor();
    await expectAccessible(page);
    await expectFrench(page, 'classe');
    await shot(page, 'classe-1-code-390');
    // Typed as a child might: lower case, with a space.
    await codeField.fill(`${cards.classCode.slice(0, 3).toLowerCase()} ${cards.classCode.slice(3)}`);
    await page.getByRole('button', { name: pupilMessages.classCodeSubmit, exact: true }).click();
    await page.getByRole('heading', { name: pupilMessages.whoAreYou }).waitFor();
    await expectAccessible(page);
    await shot(page, 'classe-2-names-390');

    const sami = cards.cards.find((card) => card.displayName === 'Sami')!;
    await page.getByRole('button', { name: 'Sami', exact: true }).click();
    await page.getByRole('heading', { name: pupilMessages.tapYourPictures('Sami') }).waitFor();
    await expectAccessible(page);
    await shot(page, 'classe-3-pictures-390');

    // A wrong sequence: the French message, and the grid starts again.
    const wrong = sami.pictures.map((picture) => (picture + 1) % CARD_PICTURES.length);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/classe/signin'));
    await tapPictures(page, wrong);
    expect((await refused).status()).toBe(401);
    await page.getByRole('alert').filter({ hasText: pupilMessages.wrongPictures }).waitFor();
    await expect.poll(() => page.getByText(pupilMessages.picturesChosen(0, 4)).count()).toBe(1);
    await shot(page, 'classe-3-wrong-390');

    // « Effacer » takes back a mistap.
    await tapPictures(page, [wrong[0]!]);
    await page.getByRole('button', { name: pupilMessages.erase }).click();
    await tapPictures(page, sami.pictures);
    await page.waitForURL(/\/eleve$/);

    // The next pupil on this device starts at the names, and may change class.
    await page.goto(`${server.url}/classe`);
    await page.getByRole('heading', { name: pupilMessages.whoAreYou }).waitFor();
    await page.getByRole('button', { name: pupilMessages.changeClass }).click();
    await page.getByLabel(pupilMessages.classCodeLabel).waitFor();
    await context.close();
  });

  it('at tablet width, a pupil signs in with the QR link', async () => {
    const { context, page } = await newPage(browser, TABLET);
    watch(page);
    const noe = cards.cards.find((card) => card.displayName === 'Noé')!;
    await page.goto(`${server.url}/classe#carte=${noe.qrToken}`);
    await page.waitForURL(/\/eleve$/);
    await context.close();
  });

  it('shows the door at 1366 px too', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/classe`);
    await page.getByLabel(pupilMessages.classCodeLabel).fill(cards.classCode);
    await shot(page, 'classe-1-code-1366');
    await page.getByRole('button', { name: pupilMessages.classCodeSubmit, exact: true }).click();
    await page.getByRole('heading', { name: pupilMessages.whoAreYou }).waitFor();
    await shot(page, 'classe-2-names-1366');
    await page.getByRole('button', { name: 'Lina', exact: true }).click();
    await page.getByRole('heading', { name: pupilMessages.tapYourPictures('Lina') }).waitFor();
    await expectAccessible(page);
    await shot(page, 'classe-3-pictures-1366');
    await context.close();
  });

  it('after « Nouvelles cartes », the old QR link is refused', async () => {
    const page = teacherPage;
    const renewed = page.waitForResponse((response) => response.url().endsWith('/cards/renew'));
    await page.getByRole('button', { name: pupilMessages.renewCards }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(pupilMessages.renewDescription).waitFor();
    await dialog.getByRole('button', { name: pupilMessages.renewCards }).click();
    expect((await renewed).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    // The success toast is on screen, never on the printed cards: still there (its 4.5 s are not
    // over), but not drawn in print.
    const toast = page.getByText(pupilMessages.renewed, { exact: true });
    await toast.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await toast.count()).toBe(1);
    expect(await toast.isVisible()).toBe(false);
    await shot(page, 'cards-print-after-renew');
    await page.emulateMedia({ media: null });

    const { context, page: pupilPage } = await newPage(browser, TABLET);
    watch(pupilPage);
    const lina = cards.cards.find((card) => card.displayName === 'Lina')!;
    const refused = pupilPage.waitForResponse((response) => response.url().endsWith('/api/classe/card'));
    await pupilPage.goto(`${server.url}/classe#carte=${lina.qrToken}`);
    expect((await refused).status()).toBe(401);
    await pupilPage.getByRole('alert').filter({ hasText: pupilMessages.wrongCard }).waitFor();
    expect(new URL(pupilPage.url()).pathname).toBe('/classe');
    expect(new URL(pupilPage.url()).hash).toBe('');
    await context.close();
  });
});
