// The work a teacher gives and the pupils who play it, in a real browser against the real server
// (docs/pupils.md): the teacher gives a lesson on the learning table, a pupil finds it on /eleve,
// plays a SCORM activity through the teacher's player, and the table counts it; a pupil of another
// class sees nothing of it; three pupils sign in at /classe on one tablet, then, the network cut,
// come back in one after the other with their pictures (docs/pupils.md#hors-ligne) and play, and
// once it is back each result reaches the pupil who made it; the tablet downloads the package once
// for them all (the app origin keeps it, kept-packages.ts). Elsewhere pupils are signed in by a
// session made in the database (the /classe door has its own tests).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilSpaceMessages } from '../common/messages/assignments.js';
import { pupilMessages } from '../common/messages/pupils.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { buildLevel, storePackage } from '../server/fixtures/curriculum.js';
import { createGroup, createPupil, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import {
  describeLatestPageOnFailure,
  expectAccessible,
  launchBrowser,
  pageSettled,
  signInThroughForm,
} from './support/browser.js';
import { tapPictures } from './support/class-door.js';
import { keepScreenshot } from './support/photograph.js';
import { describeActivities, scormPackage } from './support/runtime-packages.js';
import { type RunningServer, startServer } from './support/server.js';
import {
  acceptedWrites,
  keepsScormPlayer,
  keptPlayerFiles,
  openGroupTable,
  playerReady,
} from './support/teacher-area-pages.js';

const LEVEL = 'Module élèves';
const FIRST = 'Activité 1.1.1.1';
const SECOND = 'Activité 1.1.1.2';
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

let server: RunningServer;
let browser: Browser;
let teacher: { email: string; password: string; schoolId: number; id: number };
let levelId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const built = scormPackage('scorm12', LEVEL);
  const level = await buildLevel(server.db, [[{ sessions: [2] }]], {
    title: LEVEL,
    packageHash: await storePackage(files, built.zip),
  });
  await describeActivities(server.db, level.lessons[0]![0]!.activityIds[0]!, built);
  levelId = level.levelId;
  const created = await createTeacher(server.db, { levelIds: [levelId] });
  teacher = { email: created.email, password: DEFAULT_PASSWORD, schoolId: created.schoolId, id: created.id };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const describeOnFailure = describeLatestPageOnFailure();

async function teacherPage(viewport = WIDE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  describeOnFailure(page);
  await signInThroughForm(page, server.url, teacher, /\/user$/);
  return { context, page };
}

/** Signs a pupil in on this page: a session made in the database, started as the SPA keeps one. */
async function signInPupil(page: Page, pupil: { id: number; firstname: string }): Promise<void> {
  const token = await insertSession(server.db, pupil.id, new Date(), 30 * 60_000);
  if (!page.url().startsWith(server.url)) {
    // The page's own session check ends (and clears a stored session) before one is stored.
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.goto(`${server.url}/classe`);
    await checked;
    await pageSettled(page);
  }
  await page.evaluate(
    ([value, user]) => {
      sessionStorage.setItem('token', value);
      sessionStorage.setItem('user', user);
    },
    [token, JSON.stringify({ id: pupil.id, name: '', firstname: pupil.firstname, role: 'pupil' })] as const,
  );
  await page.goto(`${server.url}/eleve`);
  await page.getByRole('heading', { name: new RegExp(`Bonjour ${pupil.firstname}`) }).waitFor();
}

/** A pupil with a card: their pictures (the door shows them by first name). */
async function cardPupil(groupId: number, firstname: string, pictures: number[]) {
  const { id } = await createPupil(server.db, { schoolId: teacher.schoolId, groupIds: [groupId], firstname });
  await server.db
    .updateTable('pupils')
    .set({ picture_code: pictures.join('-') })
    .where('user_id', '=', id)
    .execute();
  return { id, firstname, pictures };
}

/** At the door, the class known: the pupil's name, their pictures, then their space. */
async function throughTheDoor(page: Page, pupil: { firstname: string; pictures: number[] }): Promise<void> {
  await page.getByRole('button', { name: pupil.firstname, exact: true }).click();
  await tapPictures(page, pupil.pictures);
  await page.getByRole('heading', { name: new RegExp(`Bonjour ${pupil.firstname}`) }).waitFor();
}

const newPupil = (groupId: number, firstname: string) =>
  createPupil(server.db, { schoolId: teacher.schoolId, groupIds: [groupId], firstname, name: 'Élève' }).then(
    ({ id }) => ({ id, firstname }),
  );

/** The teacher gives the lesson through its menu on the table. */
async function giveLesson(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Travail des élèves : Leçon 1.1' }).click();
  await page.getByRole('menuitem', { name: 'Donner aux élèves' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Pour le (facultatif)').fill('2026-12-04');
  const given = page.waitForResponse(
    (r) => r.url().includes('/assignments') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Donner', exact: true }).click();
  expect((await given).status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
}

/** From /eleve: opens an activity, plays it to its end (score 85) and comes back. */
async function playToTheEnd(page: Page, name: string, whileReady?: () => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: `Commencer : ${name}` }).click();
  await page.waitForURL(/\/eleve\/activite\/\d+$/);
  const frame = await playerReady(page);
  await whileReady?.();
  await page.getByRole('button', { name: 'Commencer' }).click();
  await frame.getByText('API trouvée : true').waitFor();
  await frame.getByRole('button', { name: 'Terminer' }).click();
  await frame.getByText(/Activité terminée \(true/).waitFor();
  await page.getByRole('button', { name: 'Retour' }).click();
  await page.waitForURL(/\/eleve$/);
}

const entryOf = (pupilId: number, title: string) =>
  server.db
    .selectFrom('group_activities as ga')
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .select(['ga.status', 'ga.score'])
    .where('ga.pupil_id', '=', pupilId)
    .where('a.title', '=', title)
    .executeTakeFirst();

describe('the work given to pupils', () => {
  it('the teacher gives a lesson, a pupil plays it on /eleve, the table counts it; another class sees nothing', async () => {
    const { context, page } = await teacherPage();
    await openGroupTable(page, LEVEL, 'CM1 Élèves');
    const groupId = Number(/\/usertable\/(\d+)$/.exec(page.url())![1]);
    const alice = await newPupil(groupId, 'Alice');
    await newPupil(groupId, 'Bruno');
    const otherGroup = await createGroup(server.db, teacher.id, levelId, 'CM2 Autre');
    const zoe = await newPupil(otherGroup.id, 'Zoé');

    await giveLesson(page);
    await page.getByText('0/2 élèves').first().waitFor();
    await keepScreenshot(page, 'pupil-work-table-1366');

    // The pupil, on a tablet.
    const tablet = await browser.newContext({ viewport: TABLET });
    const pupilPage = await tablet.newPage();
    describeOnFailure(pupilPage);
    await signInPupil(pupilPage, alice);
    await pupilPage.getByRole('link', { name: `Commencer : ${FIRST}` }).waitFor();
    await pupilPage.getByText(SECOND).waitFor();
    expect(await pupilPage.getByRole('link', { name: `Commencer : ${SECOND}` }).count()).toBe(0);
    expect(await pupilPage.getByText(/pour le vendredi 4 décembre/).count()).toBe(2);
    await expectAccessible(pupilPage);
    await keepScreenshot(pupilPage, 'pupil-home-768');
    // « Commencer » spans its card on a phone (a big target), and sits at the row's end from sm up.
    const start = pupilPage.getByRole('link', { name: `Commencer : ${FIRST}` });
    const startShare = async () => {
      const [link, card] = await Promise.all([
        start.boundingBox(),
        pupilPage.getByRole('listitem').filter({ has: start }).boundingBox(),
      ]);
      return link!.width / card!.width;
    };
    expect(await startShare()).toBeLessThan(0.5);
    await pupilPage.setViewportSize(PHONE);
    await expect.poll(startShare).toBeGreaterThan(0.9);
    await expectAccessible(pupilPage);
    await keepScreenshot(pupilPage, 'pupil-home-390', { fullPage: true });
    await pupilPage.setViewportSize(TABLET);

    const sent = acceptedWrites(tablet);
    await playToTheEnd(pupilPage, FIRST);
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // Done, replayable, with their score; the next one opens now.
    await pupilPage.getByRole('link', { name: `Rejouer : ${FIRST}` }).waitFor();
    await pupilPage.getByText('85\u00a0%').waitFor();
    await pupilPage.getByRole('link', { name: `Commencer : ${SECOND}` }).waitFor();
    expect(await entryOf(alice.id, FIRST)).toEqual({ status: 'completed', score: 85 });

    // The teacher's table: the class's own entry did not move; the pupils' line did.
    await page.reload();
    await page.getByText('1/2 élèves · moyenne 85\u00a0%').waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^${FIRST} \\(à faire\\)$`) }).count()).toBe(1);
    await keepScreenshot(page, 'pupil-work-table-counts-1366');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'pupil-work-table-390', { fullPage: true });

    // A pupil of another class of the same teacher: nothing.
    const other = await browser.newContext({ viewport: PHONE });
    const otherPage = await other.newPage();
    await signInPupil(otherPage, zoe);
    await otherPage.getByText(pupilSpaceMessages.nothingGiven).waitFor();
    expect(await otherPage.getByText(FIRST).count()).toBe(0);
    await expectAccessible(otherPage);
    await keepScreenshot(otherPage, 'pupil-home-empty-390');

    // « Changer d'élève » signs out and goes to the class's door.
    await pupilPage.getByRole('button', { name: pupilSpaceMessages.changePupil }).click();
    await pupilPage.waitForURL(/\/classe$/);
    await Promise.all([other.close(), tablet.close(), context.close()]);
  });

  it('three pupils on one tablet, then the network cut: each comes back in with their pictures, plays, and each result reaches the pupil who made it; one download for all', async () => {
    const group = await createGroup(server.db, teacher.id, levelId, 'CE2 Tablette');
    const { context: teacherContext, page } = await teacherPage();
    await page.goto(`${server.url}/usertable/${group.id}`);
    await page.getByRole('button', { name: /^Période 1/ }).waitFor();
    const pupils = [
      await cardPupil(group.id, 'Chloé', [0, 1, 2, 3]),
      await cardPupil(group.id, 'David', [4, 5, 6, 7]),
      await cardPupil(group.id, 'Emma', [8, 9, 10, 11]),
    ];
    await server.db
      .updateTable('class_groups')
      .set({ class_code: 'CE2TAB' })
      .where('id', '=', group.id)
      .execute();
    await giveLesson(page);

    const tablet = await browser.newContext({ viewport: TABLET });
    const tabletPage = await tablet.newPage();
    describeOnFailure(tabletPage);
    const accepted = acceptedWrites(tablet);
    // The package's downloads: whole (answered 200) or a check of a copy the tablet keeps (304).
    const downloads: number[] = [];
    tablet.on('response', (response) => {
      if (response.url().includes('/api/user/activity/download/')) downloads.push(response.status());
    });

    // With the network, each pupil signs in at the door and opens the activity (the tablet keeps
    // its launch and the package), then hands over.
    await tabletPage.goto(`${server.url}/classe`);
    await tabletPage.getByLabel(pupilMessages.classCodeLabel).fill('ce2 tab');
    await tabletPage.getByRole('button', { name: pupilMessages.classCodeSubmit, exact: true }).click();
    for (const pupil of pupils) {
      await throughTheDoor(tabletPage, pupil);
      await tabletPage.getByRole('link', { name: `Commencer : ${FIRST}` }).click();
      const frame = await playerReady(tabletPage);
      await tabletPage.getByRole('button', { name: 'Commencer' }).click();
      await frame.getByText('API trouvée : true').waitFor();
      await tabletPage.getByRole('button', { name: 'Retour' }).click();
      await tabletPage.waitForURL(/\/eleve$/);
      // The player's pages kept on this entry's origin (its service worker's cache).
      await expect
        .poll(async () => keepsScormPlayer(await keptPlayerFiles(tabletPage)), { timeout: 30_000 })
        .toBe(true);
      await tabletPage.getByRole('button', { name: pupilSpaceMessages.changePupil }).click();
      await tabletPage.waitForURL(/\/classe$/);
    }
    // One whole download for the three: the next pupils' players (each entry on an origin of its
    // own) got the package the app origin kept, after a 304 from the server.
    expect(downloads).toEqual([200, 304, 304]);
    const acceptedOnline = accepted.length;

    // The network is cut. The door lists the pupils this tablet knows; each comes back in with
    // their pictures (checked on the tablet), plays to the end and hands over.
    // (The first finds the names the door listed before the cut; the next ones, the names the
    // tablet keeps.)
    await tablet.setOffline(true);
    for (const [index, pupil] of pupils.entries()) {
      if (index > 0) await tabletPage.getByText(pupilMessages.offlineDoor).waitFor();
      if (index === 1) {
        await expectAccessible(tabletPage);
        await keepScreenshot(tabletPage, 'classe-offline-768');
      }
      if (index === 0) {
        await tabletPage.getByRole('button', { name: pupil.firstname, exact: true }).click();
        await tapPictures(tabletPage, pupils[1]!.pictures);
        await tabletPage.getByText(pupilMessages.wrongPictures).waitFor();
        await tabletPage.getByRole('button', { name: pupilMessages.notMe }).click();
      }
      await throughTheDoor(tabletPage, pupil);
      await tabletPage.getByText(pupilSpaceMessages.offline).waitFor();
      if (index === 0) {
        await expectAccessible(tabletPage);
        await keepScreenshot(tabletPage, 'pupil-home-offline-768');
      }
      await playToTheEnd(tabletPage, FIRST);
      if (index < pupils.length - 1) {
        await tabletPage.getByRole('button', { name: pupilSpaceMessages.changePupil }).click();
        await tabletPage.waitForURL(/\/classe$/);
      }
    }
    expect(accepted.length).toBe(acceptedOnline);
    for (const pupil of pupils) expect(await entryOf(pupil.id, FIRST)).toMatchObject({ status: 'pending' });

    // The network is back while the last pupil is still there: their session opens on the server
    // in place, and every kept write leaves, each with its own pupil's pass.
    await tablet.setOffline(false);
    await tabletPage.getByText(pupilSpaceMessages.offline).waitFor({ state: 'hidden', timeout: 30_000 });
    for (const pupil of pupils) {
      await expect
        .poll(() => entryOf(pupil.id, FIRST), { timeout: 45_000 })
        .toEqual({ status: 'completed', score: 85 });
    }
    const sessions = await server.db
      .selectFrom('auth_sessions')
      .select('user_id')
      .where('user_id', '=', pupils[2]!.id)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    await tabletPage.getByRole('button', { name: pupilSpaceMessages.changePupil }).click();
    await tabletPage.waitForURL(/\/classe$/);
    downloads.length = 0;

    const next = await newPupil(group.id, 'Farid');
    await signInPupil(tabletPage, next);
    expect(await entryOf(next.id, FIRST)).toMatchObject({ status: 'pending', score: null });
    await page.reload();
    await page.getByText('3/4 élèves · moyenne 85\u00a0%').waitFor();

    // The package cannot be reached (the launch can): the fourth pupil's player still plays, from
    // the copy the tablet's app keeps.
    await tablet.route('**/api/user/activity/download/**', (route) => route.abort('internetdisconnected'));
    await playToTheEnd(tabletPage, FIRST);
    await expect
      .poll(() => entryOf(next.id, FIRST), { timeout: 45_000 })
      .toEqual({ status: 'completed', score: 85 });
    expect(downloads).toEqual([]);
    await Promise.all([tablet.close(), teacherContext.close()]);
  });
});
