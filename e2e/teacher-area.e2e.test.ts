// The teacher area in a real browser: pick a level, create a group, complete activities in order
// (a locked one says so), read a PDF full-screen, play an activity full-screen and offline, delete
// the group; and a malicious package played in the player cannot reach the user's session.
import path from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherAreaMessages } from '../common/messages/teacher-area.js';
import { buildLevel, storePackage, storePdf } from '../server/fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { buildActivityZip, buildPdf, buildZip } from '../server/fixtures/files.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import {
  DESKTOP,
  describeLatestPageOnFailure,
  expectAccessible,
  launchBrowser,
  newSignedInPage,
  PHONE,
} from './support/browser.js';
import { expectFrench } from './support/french.js';
import { maliciousPackage } from './support/malicious-package.js';
import { describeActivities } from './support/runtime-packages.js';
import { type RunningServer, startServer } from './support/server.js';
import { activity, backToTable, openGroupTable, playerReady } from './support/teacher-area-pages.js';

let server: RunningServer;
let browser: Browser;
let teacher: { email: string; password: string };
let levelTitle: string;
let maliciousLevelTitle: string;
const maliciousScormLevelTitle = 'Module SCORM piégé';
const folderLevels = { streamed: 'Niveau en dossier', described: 'Niveau avec descripteurs' };

/** An activity in a top folder: its index page shows what its script wrote. */
const folderActivity = (title: string) => ({
  'activite/index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><p id="status">loading</p><script src="js/app.js"></script></body></html>`,
  'activite/js/app.js': "document.getElementById('status').textContent = 'script ran';",
});

/** Zipped the way streaming zippers do it: sizes in a data descriptor after each entry's data, so
 * the player cannot store it while it downloads and reads the directory at the end instead. */
function zipWithDataDescriptors(files: Record<string, string>): Buffer {
  const parts: Uint8Array[] = [];
  const zipper = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, content] of Object.entries(files)) {
    const entry = new ZipDeflate(name);
    zipper.add(entry);
    entry.push(new TextEncoder().encode(content), true);
  }
  zipper.end();
  return Buffer.concat(parts);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const packageHash = await storePackage(files, buildActivityZip('Activité hors ligne'));
  const pdfKey = await storePdf(files, buildPdf('Fiche de lecture', 3));
  levelTitle = 'CE2 Lecture';
  maliciousLevelTitle = 'Niveau piégé';
  // Période 1: lesson A (two activities in one session, a PDF), lesson B (one activity); Période 2 empty.
  const level = await buildLevel(server.db, [[{ sessions: [2], pdfs: 1 }, { sessions: [1] }], []], {
    title: levelTitle,
    packageHash,
    pdfKey,
  });
  const maliciousHash = await storePackage(files, maliciousPackage(server.url));
  const malicious = await buildLevel(server.db, [[{ sessions: [1] }]], {
    title: maliciousLevelTitle,
    packageHash: maliciousHash,
  });
  // The same package played as SCORM 1.2: the runtime is on the player's window.
  const maliciousScorm = await buildLevel(server.db, [[{ sessions: [1] }]], {
    title: maliciousScormLevelTitle,
    packageHash: maliciousHash,
  });
  await describeActivities(server.db, maliciousScorm.lessons[0]![0]!.activityIds[0]!, {
    kind: 'scorm12',
    root: '',
    launch: 'index.html',
  });
  const streamed = await buildLevel(server.db, [[{ sessions: [1] }]], {
    title: folderLevels.streamed,
    packageHash: await storePackage(files, buildZip(folderActivity('Activité en dossier'))),
  });
  const described = await buildLevel(server.db, [[{ sessions: [1] }]], {
    title: folderLevels.described,
    packageHash: await storePackage(files, zipWithDataDescriptors(folderActivity('Activité décrite'))),
  });
  // What upload recognition finds for them: the page in the top folder.
  const inFolder = [streamed, described].flatMap((built) =>
    built.lessons.flat().flatMap((l) => l.activityIds.flat()),
  );
  await describeActivities(server.db, inFolder, { kind: 'html5', root: 'activite/', launch: 'index.html' });
  const created = await createTeacher(server.db, {
    levelIds: [level.levelId, malicious.levelId, maliciousScorm.levelId, streamed.levelId, described.levelId],
  });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const describeOnFailure = describeLatestPageOnFailure();

async function signedIn(viewport = DESKTOP) {
  const session = await newSignedInPage(browser, server.url, teacher, /\/user$/, viewport);
  describeOnFailure(session.page);
  return session;
}

describe('teacher area', () => {
  it('creates a group, completes activities in order, reads a PDF, plays offline, deletes the group', async () => {
    const { context, page } = await signedIn();
    await expect
      .poll(() => page.getByRole('heading', { name: teacherAreaMessages.chooseLevel }).isVisible())
      .toBe(true);
    await expectAccessible(page);

    // Groups: the form refuses a blank name, then creates the group.
    await page.getByRole('link', { name: new RegExp(levelTitle) }).click();
    await page.waitForURL(/\/usergroups\/\d+$/);
    await page.getByRole('heading', { name: `Groupes · ${levelTitle}` }).waitFor();
    await page.getByRole('button', { name: 'Créer le groupe' }).click();
    await page.getByText(teacherAreaMessages.groupNameRequired).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Nouveau groupe').fill('CE2 B');
    await page.getByRole('button', { name: 'Créer le groupe' }).click();
    await page.getByText(teacherAreaMessages.groupCreated).waitFor();
    await page.getByText('0 / 3 activités terminées').waitFor();
    await page.getByRole('link', { name: /CE2 B/ }).click();
    await page.waitForURL(/\/usertable\/\d+$/);

    // The table: counters, a locked lesson, a locked empty period.
    await page.getByRole('button', { name: /^Période 1/ }).waitFor();
    await expect.poll(() => page.getByText(teacherAreaMessages.lessonLocked).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /Période 2/ }).isDisabled()).toBe(true);
    // Plain HTML5 activities send no statements: no button to read them.
    const statementsOpener = teacherAreaMessages.statementsOpen('Activité 1.1.1.1');
    expect(await page.getByRole('button', { name: statementsOpener }).count()).toBe(0);
    await expectAccessible(page);

    // A locked activity explains itself; the second activity of lesson A is not next either.
    // It names the activity to do first, beside the spec's text.
    await activity(page, 'Activité 1.2.1.1').click({ force: true });
    await page
      .getByText(
        `${teacherAreaMessages.notAllowedDescription} ${teacherAreaMessages.doFirst('Activité 1.1.1.1')}`,
      )
      .waitFor();
    await expectFrench(page, 'learning table with the locked toast', ['CE2 B']);
    await activity(page, 'Activité 1.1.1.2').click({ force: true });
    await expect.poll(() => page.url()).toMatch(/\/usertable\//);

    // First activity: the player shows its progress, then the start overlay; full-screen; offline.
    await activity(page, 'Activité 1.1.1.1').click();
    await page.waitForURL(/\/activity\/\d+$/);
    const frame = await playerReady(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Commencer' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await frame.getByText('script ran').waitFor();
    await context.setOffline(true);
    await frame.getByRole('link', { name: 'Suite' }).click();
    await frame.getByRole('heading', { name: 'Deuxième page' }).waitFor();
    await frame.goto(frame.url().replace('page2.html', 'index.html'));
    await frame.getByText('script ran').waitFor();
    const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(238, 238, 255)');
    // The service worker answers with the file's type and serves byte ranges (audio, video).
    const served = await frame.evaluate(async () => {
      const whole = await fetch('style.css');
      const part = await fetch('style.css', { headers: { range: 'bytes=0-3' } });
      return {
        type: whole.headers.get('content-type'),
        status: part.status,
        range: part.headers.get('content-range'),
        text: await part.text(),
      };
    });
    expect(served).toEqual({
      type: 'text/css; charset=utf-8',
      status: 206,
      range: expect.stringMatching(/^bytes 0-3\/\d+$/),
      text: 'body',
    });
    await context.setOffline(false);

    // Escape leaves the player; the activity is completed (on the server too: after a reload) and
    // the next one opens.
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/usertable\/\d+$/);
    await expect.poll(() => activity(page, 'Activité 1.1.1.1').getAttribute('data-status')).toBe('completed');
    await page.reload();
    await expect.poll(() => activity(page, 'Activité 1.1.1.1').getAttribute('data-status')).toBe('completed');
    await activity(page, 'Activité 1.1.1.2').click();
    await page.waitForURL(/\/activity\/\d+$/);
    await playerReady(page);
    await backToTable(page);
    // Lesson A done: it moves last and lesson B opens.
    await expect.poll(() => page.getByText(teacherAreaMessages.lessonLocked).count()).toBe(0);
    await expect.poll(() => activity(page, 'Activité 1.2.1.1').getAttribute('data-clickable')).toBe('true');

    // The PDF, full-screen, with page navigation and zoom.
    await page.getByRole('link', { name: 'Document 1.1' }).click();
    await page.waitForURL(/\/pdf\/\d+$/);
    await page.getByRole('img', { name: 'Page 1 sur 3' }).waitFor();
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.getByRole('img', { name: 'Page 2 sur 3' }).waitFor();
    const before = await page.locator('canvas').evaluate((c) => c.getBoundingClientRect().width);
    await page.getByRole('button', { name: 'Zoom avant' }).click();
    await expect
      .poll(() => page.locator('canvas').evaluate((c) => c.getBoundingClientRect().width))
      .toBeGreaterThan(before);
    await expectAccessible(page);
    await backToTable(page);

    // Delete the group from its card.
    await page.getByRole('link', { name: 'Groupes' }).click();
    await page.waitForURL(/\/usergroups\/\d+$/);
    await page.getByText('2 / 3 activités terminées').waitFor();
    await page.getByRole('link', { name: /CE2 B/ }).hover();
    await page.getByRole('button', { name: 'Supprimer le groupe CE2 B' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText(teacherAreaMessages.groupDeleted).waitFor();
    await page.getByText('Aucun groupe pour l’instant').waitFor();
    await context.close();
  });

  it('shows the PDF and the table at phone width', async () => {
    const { context, page } = await signedIn(PHONE);
    await openGroupTable(page, levelTitle, 'Téléphone');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Document 1.1' }).click();
    const canvas = page.getByRole('img', { name: 'Page 1 sur 3' });
    await canvas.waitFor();
    const width = await canvas.evaluate((c) => c.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(300);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await context.close();
  });

  it('plays packages in a top folder (stored while downloading, or from the zip’s directory) one after the other', async () => {
    const { context, page } = await signedIn();
    for (const [levelName, title] of [
      [folderLevels.streamed, 'Activité en dossier'],
      [folderLevels.described, 'Activité décrite'],
    ] as const) {
      // In the app (no page load): the second package goes to the same, reloaded player frame.
      await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
      await openGroupTable(page, levelName, 'Dossier');
      // The player frame is loaded beside the table, hidden, and plays nothing.
      await expect.poll(() => page.frames().some((f) => f.url().endsWith('/player/'))).toBe(true);
      expect(page.frames().some((f) => f.url().includes('/local-activity/'))).toBe(false);
      expect(await page.locator('iframe[title="Activité"]').isVisible()).toBe(false);
      // The first status update fails: the player opens all the same, and says so. The second
      // package's download fails once: 'Réessayer' plays it in a fresh player frame.
      const failStatus = title === 'Activité en dossier';
      if (failStatus) {
        await page.route('**/api/user/updatePending/**', (route) => route.fulfill({ status: 500 }), {
          times: 1,
        });
      } else {
        await page.route('**/api/user/activity/download/**', (route) => route.fulfill({ status: 500 }), {
          times: 1,
        });
      }
      await activity(page, 'Activité 1.1.1.1').click();
      if (failStatus) await page.getByText(teacherAreaMessages.statusUpdateError).waitFor();
      else {
        await page.getByRole('alert').getByText(teacherAreaMessages.loadError).waitFor();
        await page.getByRole('button', { name: teacherAreaMessages.retry }).click();
      }
      const frame = await playerReady(page);
      await frame.getByRole('heading', { name: title }).waitFor();
      await frame.getByText('script ran').waitFor();
      await backToTable(page);
      // Back at the table with the server's status; the activity frame is gone.
      await expect
        .poll(() => activity(page, 'Activité 1.1.1.1').getAttribute('data-status'))
        .toBe(failStatus ? 'pending' : 'completed');
      await expect.poll(() => page.frames().some((f) => f.url().includes('/local-activity/'))).toBe(false);
    }
    await context.close();
  });

  it.each([
    ['html5', (): string => maliciousLevelTitle],
    ['scorm12', (): string => maliciousScormLevelTitle],
  ] as const)(
    'keeps a malicious package away from the user’s session and the app (%s)',
    async (kind, level) => {
      const { context, page } = await signedIn();
      const runtimePosts: string[] = [];
      context.on('request', (request) => {
        if (request.url().includes('/api/user/activity/runtime/')) runtimePosts.push(request.url());
      });
      await openGroupTable(page, level(), 'Piège');
      await activity(page, 'Activité 1.1.1.1').click();
      const frame = await playerReady(page);
      await frame.locator('#out').filter({ hasNotText: 'running' }).waitFor();
      const results = JSON.parse((await frame.locator('#out').textContent()) ?? '{}');
      expect(results).toEqual({
        ownToken: 'null',
        topToken: 'blocked',
        topCookie: 'blocked',
        api: 'blocked',
        download: 'blocked',
        serviceWorker: 'blocked',
        scormApi: kind === 'scorm12' ? 'object' : 'undefined',
        forgedWrite: 'posted',
        topNavigation: expect.stringMatching(/blocked|navigated/),
      });
      // Whatever it tried, the app page is still the player, and still signed in.
      expect(page.url()).toMatch(/\/activity\/\d+$/);
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      expect(token).toBeTruthy();
      // The forged write was not relayed: nothing went to the runtime endpoint.
      await backToTable(page);
      expect(runtimePosts).toEqual([]);
      await context.close();
    },
  );
});
