// What SCORM activities report, in a real browser against the real server: SCORM 1.2 and 2004
// packages find their API, report status, score, location and suspend_data, resume after a reload
// and in another browser; played with the network cut, or in a tab closed offline, every write
// reaches the server once when the network is back, and the table shows the score. On a phone
// without the Fullscreen API the stage covers the viewport, and turning the phone keeps the frame.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curriculumMessages } from '../common/messages/curriculum.js';
import { teacherAreaMessages } from '../common/messages/teacher-area.js';
import { buildLevel, storePackage } from '../server/fixtures/curriculum.js';
import { createSessionPath, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { buildZip } from '../server/fixtures/files.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import { H5P_TEST_TITLE, h5pTestFiles } from '../server/test/h5p-package.js';
import { newAdminPage } from './support/admin-session.js';
import {
  describeLatestPageOnFailure,
  launchBrowser,
  newPage,
  newSignedInPage,
  PHONE,
  signInThroughForm,
} from './support/browser.js';
import { keepScreenshot } from './support/photograph.js';
import {
  describeActivities,
  LONG_SUSPEND_LENGTH,
  type ScormStandard,
  scormPackage,
} from './support/runtime-packages.js';
import { type RunningServer, startServer } from './support/server.js';
import {
  acceptedWrites,
  activity,
  backToTable,
  keepsScormPlayer,
  keptPlayerFiles,
  onNewGroupTable,
  openGroupTable,
  playerReady,
  startActivity,
} from './support/teacher-area-pages.js';

let server: RunningServer;
let browser: Browser;
let teacher: { email: string; password: string };
const levels: Record<ScormStandard | 'h5p', string> = {
  scorm12: 'Module SCORM 1.2',
  scorm2004: 'Module SCORM 2004',
  h5p: 'Module H5P',
};
const FIRST = 'Activité 1.1.1.1';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const levelIds: number[] = [];
  for (const standard of ['scorm12', 'scorm2004'] as const) {
    const built = scormPackage(standard, levels[standard]);
    const level = await buildLevel(server.db, [[{ sessions: [1] }]], {
      title: levels[standard],
      packageHash: await storePackage(files, built.zip),
    });
    await describeActivities(server.db, level.lessons[0]![0]!.activityIds[0]!, built);
    levelIds.push(level.levelId);
  }
  const h5p = await buildLevel(server.db, [[{ sessions: [1] }]], {
    title: levels.h5p,
    packageHash: await storePackage(files, buildZip(h5pTestFiles())),
  });
  await describeActivities(server.db, h5p.lessons[0]![0]!.activityIds[0]!, {
    kind: 'h5p',
    root: '',
    launch: 'h5p.json',
  });
  levelIds.push(h5p.levelId);
  const created = await createTeacher(server.db, { levelIds });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The page a test signed in last is the one a failure describes. */
const describeOnFailure = describeLatestPageOnFailure();

async function signedIn(context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const session = context ? { context, page: await context.newPage() } : await newPage(browser);
  describeOnFailure(session.page);
  await signInThroughForm(session.page, server.url, teacher, /\/user$/);
  return session;
}

/** Each write once, and a launch's writes numbered 1, 2, … without a gap. */
function expectEachOnce(accepted: string[]): void {
  expect(new Set(accepted).size).toBe(accepted.length);
  const byLaunch = new Map<string, number[]>();
  for (const key of accepted) {
    const [launchId = '', seq] = key.split('#');
    byLaunch.set(launchId, [...(byLaunch.get(launchId) ?? []), Number(seq)]);
  }
  for (const seqs of byLaunch.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
}

const scored = (page: Page, score = 85, name = FIRST) =>
  page.getByRole('button', { name: new RegExp(`^${name} \\(terminée, score ${score} sur 100\\)$`) });

/** Opens the first activity of the open table and starts it; returns its frame. */
async function start(page: Page, name = FIRST) {
  const frame = await startActivity(page, name);
  await frame.getByText('API trouvée : true').waitFor();
  return frame;
}

const runtimeAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/user/activity/runtime/') && r.ok());

/** Starts the first activity on a first launch and takes one step, committed and sent. */
async function startAndStepOnce(page: Page) {
  const frame = await start(page);
  await frame.getByText('entry=ab-initio').waitFor();
  const sent = runtimeAnswer(page);
  await frame.getByRole('button', { name: 'Étape suivante' }).click();
  await frame.getByText('location=step-1 (true)').waitFor();
  await sent;
  return frame;
}

describe('SCORM runtime', () => {
  it.each(['scorm12', 'scorm2004'] as const)(
    '%s: plays, reports, resumes after a reload and in another browser',
    async (standard) => {
      const { context, page, accepted } = await onNewGroupTable(signedIn, levels[standard], 'Reprise');
      const tableUrl = page.url();
      let frame = await startAndStepOnce(page);

      // Reloaded: the kept cmi is loaded before the launch.
      await page.reload();
      frame = await playerReady(page);
      await frame.getByText('entry=resume').waitFor();
      await frame.getByText('location=step-1', { exact: true }).waitFor();
      await frame.getByText(`suspend=${LONG_SUSPEND_LENGTH}`).waitFor();

      // Another browser, the same group: resumes there too, and finishes.
      const other = await signedIn(await browser.newContext());
      const acceptedThere = acceptedWrites(other.context);
      await other.page.goto(tableUrl);
      const there = await start(other.page);
      await there.getByText('entry=resume').waitFor();
      await there.getByText('location=step-1', { exact: true }).waitFor();
      const finished = runtimeAnswer(other.page);
      await there.getByRole('button', { name: 'Terminer' }).click();
      await there.getByText('Activité terminée (true, true)').waitFor();
      await finished;
      await backToTable(other.page);
      await scored(other.page).waitFor();
      expectEachOnce([...accepted, ...acceptedThere]);
      await other.context.close();
      await context.close();
    },
  );

  it('keeps what a SCORM 2004 activity reports with the network cut, and sends it once when it is back', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.scorm2004, 'Hors ligne');
    const frame = await start(page);
    await context.setOffline(true);
    await frame.getByRole('button', { name: 'Étape suivante' }).click();
    await frame.getByText('location=step-1 (true)').waitFor();
    await frame.getByRole('button', { name: 'Terminer' }).click();
    // The content never waits for the network.
    await frame.getByText('Activité terminée (true, true)').waitFor();
    await backToTable(page);
    expect(accepted).toEqual([]);

    await context.setOffline(false);
    await scored(page).waitFor();
    // The table shows the score once the write is in; the counter reads the answer a moment later.
    await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(2);
    expectEachOnce(accepted);
    await context.close();
  });

  it('opens the activity the device holds again with the network cut, from its last commit', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.scorm12, 'Réouverture');
    let frame = await startAndStepOnce(page);
    await backToTable(page);
    // What makes the offline re-open possible: the player's pages and assets kept on the device.
    await expect
      .poll(async () => keepsScormPlayer(await keptPlayerFiles(page)), { timeout: 30_000 })
      .toBe(true);

    await context.setOffline(true);
    frame = await start(page);
    await frame.getByText('location=step-1', { exact: true }).waitFor();
    await frame.getByText(`suspend=${LONG_SUSPEND_LENGTH}`).waitFor();
    await frame.getByRole('button', { name: 'Étape suivante' }).click();
    await frame.getByText('location=step-2 (true)').waitFor();
    await backToTable(page);
    // Again offline: from the commit this device made offline, which the server has not seen yet.
    frame = await start(page);
    await frame.getByText('location=step-2', { exact: true }).waitFor();
    await backToTable(page);
    const offlineWrites = accepted.length;

    await context.setOffline(false);
    await expect.poll(() => accepted.length, { timeout: 30_000 }).toBeGreaterThan(offlineWrites);
    expectEachOnce(accepted);
    // Online again, a new device (context) resumes from what was played offline.
    const other = await signedIn(await browser.newContext());
    await other.page.goto(page.url());
    const there = await start(other.page);
    await there.getByText('location=step-2', { exact: true }).waitFor();
    await other.context.close();
    await context.close();
  });

  it('says why an activity the device does not hold cannot open with the network cut', async () => {
    const { context, page } = await onNewGroupTable(signedIn, levels.scorm2004, 'Jamais ouverte');
    // The table loads the player frame beforehand (warm frame); the network goes once it has loaded.
    await expect.poll(() => page.frames().some((f) => new URL(f.url()).pathname === '/player/')).toBe(true);
    const player = page.frames().find((f) => new URL(f.url()).pathname === '/player/');
    await player?.waitForLoadState('load');
    await context.setOffline(true);
    await activity(page, FIRST).click();
    await page.getByText(teacherAreaMessages.offlineNotHeld).waitFor();
    await keepScreenshot(page, 'runtime-offline-not-held');
    await context.close();
  });

  it('does not send again a write the server took while the page was reloaded before its answer', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.scorm12, 'Réponse perdue');
    const frame = await start(page);
    await frame.getByText('entry=ab-initio').waitFor();
    // The server takes the step's write, but the page never hears its answer (the request is
    // left pending until the reload cancels it); later writes go through.
    const takenUnheard: string[] = [];
    let serverTook: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => {
      serverTook = resolve;
    });
    await page.route('**/api/user/activity/runtime/**', async (route) => {
      if (route.request().method() !== 'POST' || takenUnheard.length > 0) return route.continue();
      const { writes } = route.request().postDataJSON() as {
        writes: Array<{ launchId: string; seq: number }>;
      };
      takenUnheard.push(...writes.map((w) => `${w.launchId}#${w.seq}`));
      expect((await route.fetch()).status()).toBe(200);
      serverTook();
    });
    await frame.getByRole('button', { name: 'Étape suivante' }).click();
    await taken;

    // Reloaded: the new page finds the write sent by the old one, unanswered.
    await page.reload();
    const again = await playerReady(page);
    await again.getByText('entry=resume').waitFor();
    await again.getByText('location=step-1', { exact: true }).waitFor();
    const finished = runtimeAnswer(page);
    await page.getByRole('button', { name: 'Commencer' }).click();
    await again.getByRole('button', { name: 'Terminer' }).click();
    await finished;
    expect(takenUnheard.length).toBeGreaterThan(0);
    expectEachOnce([...takenUnheard, ...accepted]);
    await context.close();
  });

  it('keeps what the content set without committing when the page goes away', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.scorm12, 'Sans commit');
    let frame = await start(page);
    await frame.getByRole('button', { name: 'Noter sans enregistrer' }).click();
    await frame.getByText('location=noted (not committed)').waitFor();
    // Reloaded at once (before the autocommit): the commit made as the page goes is what keeps it.
    await page.reload();
    frame = await playerReady(page);
    await frame.getByText('location=noted', { exact: true }).waitFor();
    expectEachOnce(accepted);
    await context.close();
  });

  it('sends on the next visit what a tab closed offline had kept', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.scorm12, 'Onglet fermé');
    const tableUrl = page.url();
    const frame = await start(page);
    await context.setOffline(true);
    await frame.getByRole('button', { name: 'Terminer' }).click();
    await frame.getByText('Activité terminée (true, true)').waitFor();
    await page.close();

    await context.setOffline(false);
    const next = await signedIn(context);
    // The next visit as a teacher makes it: the learner area opens (and sends the queue), then the
    // group's table through the app's links (a reload there could leave before the answer came).
    await next.page.getByRole('link', { name: new RegExp(levels.scorm12) }).click();
    await next.page.getByRole('link', { name: /Onglet fermé/ }).press('Enter');
    await next.page.waitForURL(tableUrl);
    // The server has what the closed tab kept. Not counted from the browser's side: a request made
    // as the page closes (its commit on pagehide) can leave after the page's DevTools session, and
    // its offline emulation, are gone; the server takes it unseen by the test, and the next page
    // then drops those writes (the server's marks say it has them) instead of sending them again.
    // As long as a teacher may wait: a first send of the visit that meets a failure (the visit's
    // session or its network still settling, on a busy machine) goes again 20 s later.
    await scored(next.page).waitFor({ timeout: 60_000 });
    expectEachOnce(accepted);
    await context.close();
  });

  it('says so when the device no longer holds a package it had played, and downloads it again', async () => {
    const { context, page } = await onNewGroupTable(signedIn, levels.scorm12, 'Stockage vidé');
    await start(page);
    // The activity's own origin, which holds its package.
    const activityOrigin = new URL(
      page
        .frames()
        .find((frame) => frame.url().endsWith('/player/'))!
        .url(),
    ).origin;
    expect(activityOrigin).not.toBe(server.contentUrl);
    await backToTable(page);
    // The browser evicts the origin's packages (as Safari does after 7 days unvisited).
    const probe = await context.newPage();
    await probe.goto(`${activityOrigin}/player/`);
    await probe.evaluate(async () => {
      const packages = async () =>
        (await indexedDB.databases()).flatMap(({ name }) =>
          name?.startsWith('keynote_activity_') ? [name] : [],
        );
      for (const name of await packages()) {
        await new Promise((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = resolve;
        });
      }
      // A deletion blocked by an open connection (the service worker's) completes once it closes.
      while ((await packages()).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await probe.close();
    // And the app origin's copy (kept-packages.ts): deleted as the page unloads its connection.
    await page.evaluate(() => {
      indexedDB.deleteDatabase('ardoise_packages');
    });
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'téléchargée à nouveau' });
    // The app asks with the hash it played last (a 304), then downloads the whole package: that
    // download is held until the notice has been seen. One look only: a second watcher polling on
    // its own could look after the download went on and the notice went with it.
    const downloads: Array<'asked with the hash' | 'whole'> = [];
    let noticeSeen: Promise<void> | undefined;
    await page.route('**/api/user/activity/download/**', async (route) => {
      const whole = route.request().headers()['if-none-match'] === undefined;
      downloads.push(whole ? 'whole' : 'asked with the hash');
      if (whole) {
        noticeSeen ??= notice.waitFor();
        await noticeSeen.catch(() => undefined);
      }
      await route.continue();
    });
    await activity(page, FIRST).click();
    await expect.poll(() => downloads, { timeout: 30_000 }).toEqual(['asked with the hash', 'whole']);
    await noticeSeen;
    const frame = await playerReady(page);
    // The first visit's runtime committed as it left (entry '' now, as SCORM says): it plays again.
    await frame.getByText('API trouvée : true').waitFor();
    expect(downloads).toEqual(['asked with the hash', 'whole']);
    await context.close();
  });

  it('H5P: plays in the runtime page, reports its result and resumes from its state', async () => {
    const { context, page, accepted } = await onNewGroupTable(signedIn, levels.h5p, 'H5P');
    const h5pFrame = async () => {
      await page.getByRole('button', { name: 'Commencer' }).waitFor({ timeout: 30_000 });
      const frame = page.frames().find((f) => f.url().includes('/player/h5p/'));
      if (!frame) throw new Error('H5P frame missing');
      await page.getByRole('button', { name: 'Commencer' }).click();
      await frame.getByRole('heading', { name: H5P_TEST_TITLE }).waitFor();
      return frame;
    };
    await activity(page, FIRST).click();
    let content = await h5pFrame();
    await content.getByText('Réponses : 0').waitFor();
    // The result, then the state H5P saves a few seconds after a `completed` statement.
    const stateSaved = page.waitForResponse(
      (r) =>
        r.url().includes('/api/user/activity/runtime/') && (r.request().postData() ?? '').includes('answers'),
      { timeout: 15_000 },
    );
    await content.getByRole('button', { name: 'Répondre' }).click();
    await stateSaved;
    await backToTable(page);
    await scored(page, 100).waitFor();

    await activity(page, FIRST).click();
    content = await h5pFrame();
    await content.getByText('Réponses : 1').waitFor();

    // With the network cut, it opens again from what the device keeps (package, pages, state).
    await backToTable(page);
    await context.setOffline(true);
    await activity(page, FIRST).click();
    content = await h5pFrame();
    await content.getByText('Réponses : 1').waitFor();
    await context.setOffline(false);
    expectEachOnce(accepted);
    await context.close();
  });

  it('plays a package an admin uploaded, from what upload recognition found', async () => {
    const { levelId, sessionId } = await createSessionPath(server.db, {
      level: 'Module téléversé',
      session: 'Séance SCORM',
    });
    const admin = await newAdminPage(browser, server);
    await admin.page.goto(`${server.url}/session/${sessionId}`);
    await admin.page.getByRole('button', { name: curriculumMessages.addActivity }).first().click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel(curriculumMessages.activityNameLabel).fill('Conjugaison');
    // SCORM 2004 under a top folder: recognition finds the folder and the launch page.
    await dialog.getByLabel(curriculumMessages.activityFileLabel).setInputFiles({
      name: 'conjugaison.zip',
      mimeType: 'application/zip',
      buffer: scormPackage('scorm2004', 'Conjugaison').zip,
    });
    await dialog.getByRole('button', { name: curriculumMessages.add, exact: true }).click();
    await dialog.getByTestId('package-kind').getByText('SCORM 2004', { exact: true }).waitFor();
    await admin.context.close();

    const uploaded = await createTeacher(server.db, { levelIds: [levelId] });
    const { context, page } = await newSignedInPage(browser, server.url, uploaded, /\/user$/);
    await openGroupTable(page, 'Module téléversé', 'Classe');
    const frame = await start(page, 'Conjugaison');
    await frame.getByRole('button', { name: 'Terminer' }).click();
    await frame.getByText('Activité terminée (true, true)').waitFor();
    await page.getByRole('button', { name: 'Retour' }).click();
    await scored(page, 85, 'Conjugaison').waitFor();
    await context.close();
  });

  it('plays on a phone without the Fullscreen API: the stage covers the viewport, turned or not', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    // As on an iPhone: no Fullscreen API for an element, prefixed or not.
    await context.addInitScript(() => {
      for (const name of ['requestFullscreen', 'webkitRequestFullscreen']) {
        Object.defineProperty(Element.prototype, name, { value: undefined });
      }
    });
    const { page } = await signedIn(context);
    await openGroupTable(page, levels.scorm12, 'Téléphone');
    const frame = await start(page);
    // The stage is the strip naming the activity, then the frame down to the bottom.
    const box = async () => page.locator('iframe[title="Activité"]').boundingBox();
    const strip = (await page.getByTestId('activity-strip').boundingBox())!;
    expect(strip).toMatchObject({ x: 0, y: 0, width: PHONE.width });
    const below = strip.height;
    expect(await box()).toEqual({ x: 0, y: below, width: PHONE.width, height: PHONE.height - below });
    await keepScreenshot(page, 'runtime-phone-portrait');
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await expect.poll(box).toEqual({ x: 0, y: below, width: PHONE.height, height: PHONE.width - below });
    expect(await frame.getByText('API trouvée : true').isVisible()).toBe(true);
    await keepScreenshot(page, 'runtime-phone-landscape');
    await context.close();
  });
});
