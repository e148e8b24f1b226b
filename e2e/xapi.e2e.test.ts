// cmi5 and Tin Can content in a real browser against the real server: an admin uploads a cmi5 AU
// and a Tin Can package through the session screen (the summary shows the xAPI facts); a teacher
// plays each. The content follows its launch (fetch token, LMS.LaunchData, statements, a state
// document) through the endpoint the player's service worker answers; what the endpoint must refuse
// is refused inside the content. Played online, then with the network cut from launch to terminate:
// the learning table shows completed with the score once the network is back, the server holds each
// statement once, the teacher reads them in the table's dialog, and the state resumes in another
// browser.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_TOKEN_KEY } from '../common/constants.js';
import { curriculumMessages as m, xapiSummaryMessages as x } from '../common/messages/curriculum.js';
import { teacherAreaMessages } from '../common/messages/teacher-area.js';
import { statementsResponseSchema } from '../common/schemas/xapi.js';
import { createSessionPath, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { startAdminSession, stopAdminSession } from './support/admin-session.js';
import { DESKTOP, expectAccessible, newPage, PHONE, signInThroughForm } from './support/browser.js';
import { keepScreenshot } from './support/photograph.js';
import type { RunningServer } from './support/server.js';
import { backToTable, onNewGroupTable, startActivity } from './support/teacher-area-pages.js';
import { cmi5TestPackage, tincanTestPackage, XAPI_SCORE } from './support/xapi-packages.js';

type Kind = 'cmi5' | 'tincan';
let server: RunningServer;
let browser: Browser;
let adminPage: Page;
let teacher: { email: string; password: string };
const courses: Record<Kind, { level: string; title: string; label: string; sessionId: number }> = {
  cmi5: { level: 'Niveau cmi5', title: 'Cours cmi5', label: 'cmi5', sessionId: 0 },
  tincan: { level: 'Niveau Tin Can', title: 'Cours Tin Can', label: 'Tin Can', sessionId: 0 },
};

beforeAll(async () => {
  ({ server, browser, page: adminPage } = await startAdminSession());
  const levelIds: number[] = [];
  for (const course of Object.values(courses)) {
    const { levelId, sessionId } = await createSessionPath(server.db, { level: course.level });
    course.sessionId = sessionId;
    levelIds.push(levelId);
  }
  const created = await createTeacher(server.db, { levelIds });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
});
afterAll(() => stopAdminSession({ server, browser }));

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser);
  await signInThroughForm(session.page, server.url, teacher, /\/user$/);
  return session;
}

/** The statements the server holds for an entry, as the teacher's API call gives them. */
async function serverStatements(page: Page, entryId: number) {
  const token = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_TOKEN_KEY);
  const response = await fetch(`${server.url}/api/user/activity/statements/${entryId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return statementsResponseSchema.parse(await response.json()).statements;
}

const scored = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^${title} \\(terminée, score ${XAPI_SCORE} sur 100\\)$`) });

/** Opens the course of the open table and starts it (`beforeStarting` runs once the player is
 * ready); returns its frame and entry id. */
async function start(page: Page, title: string, beforeStarting?: () => Promise<void>) {
  const frame = await startActivity(page, title, beforeStarting);
  const entryId = Number(/\/activity\/(\d+)$/.exec(page.url())?.[1]);
  await frame.getByRole('button', { name: 'Démarrer' }).click();
  return { frame, entryId };
}

/** In the started course: keeps page 3 in its state document and terminates (the content never
 * waits for the network), then goes back to the table. */
async function saveAndFinish(page: Page, frame: Frame) {
  await frame.getByRole('button', { name: 'Enregistrer la page 3' }).click();
  await frame.getByText('état enregistré 204 page=3').waitFor();
  await frame.getByRole('button', { name: 'Terminer le cours' }).click();
  await frame.getByText('fini 200 200 200').waitFor();
  await backToTable(page);
}

describe('xAPI packages uploaded through the admin screens', () => {
  it.each(['cmi5', 'tincan'] as const)('%s: recognised, with its xAPI facts in the summary', async (kind) => {
    const course = courses[kind];
    await adminPage.goto(`${server.url}/session/${course.sessionId}`);
    await adminPage.getByRole('button', { name: m.addActivity }).first().click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel(m.activityNameLabel).fill(course.title);
    await dialog.getByLabel(m.activityFileLabel).setInputFiles({
      name: `${kind}.zip`,
      mimeType: 'application/zip',
      buffer: kind === 'cmi5' ? cmi5TestPackage(course.title) : tincanTestPackage(course.title),
    });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    const summary = dialog.getByTestId('package-summary');
    await summary.getByTestId('package-kind').getByText(course.label, { exact: true }).waitFor();
    await summary
      .getByText(kind === 'cmi5' ? 'au/index.html?lang=fr' : 'index_lms.html', { exact: true })
      .waitFor();
    await summary
      .getByText(x.moveOnLabels[kind === 'cmi5' ? 'CompletedAndPassed' : 'CompletedOrPassed'])
      .waitFor();
    if (kind === 'cmi5') await summary.getByText('80 %', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await adminPage.getByRole('link', { name: course.title }).waitFor();
  });
});

describe('xAPI packages played by a teacher', () => {
  const tableUrls: Partial<Record<Kind, string>> = {};
  const entryIds: Partial<Record<Kind, number>> = {};

  it.each(['cmi5', 'tincan'] as const)(
    '%s: follows the launch online, refuses what it must inside the content, shows completed and the score',
    async (kind) => {
      const course = courses[kind];
      const { context, page, accepted } = await onNewGroupTable(signedIn, course.level, 'En ligne');
      tableUrls[kind] = page.url();
      const { frame, entryId } = await start(page, course.title);
      entryIds[kind] = entryId;
      await frame.getByText('initialized 200').waitFor();
      await frame.getByText('état 404').waitFor();
      if (kind === 'cmi5') {
        await frame.getByText('moveOn=CompletedAndPassed masteryScore=0.8 session=true').waitFor();
        await frame.getByRole('button', { name: 'Redemander le jeton' }).click();
        await frame.getByText('second fetch 200 error-code=1').waitFor();
      } else await frame.getByText('auth=oui').waitFor();
      await frame.getByRole('button', { name: 'Autre inscription' }).click();
      await frame.getByText('autre inscription 400').waitFor();
      await frame.getByRole('button', { name: 'Déclaration invalide' }).click();
      await frame.getByText('invalide 400').waitFor();
      await saveAndFinish(page, frame);
      await scored(page, course.title).waitFor();

      const verbs = (await serverStatements(page, entryId)).map((s) => s.verb);
      expect(verbs.sort()).toEqual(['completed', 'initialized', 'passed', 'terminated']);
      expect(new Set(accepted).size).toBe(accepted.length);
      await context.close();
    },
  );

  it.each(['cmi5', 'tincan'] as const)(
    '%s: with the network cut from launch to terminate, sends everything once when it is back',
    async (kind) => {
      const course = courses[kind];
      const { context, page, accepted } = await onNewGroupTable(signedIn, course.level, 'Hors ligne');
      const { frame, entryId } = await start(page, course.title, () => context.setOffline(true));
      await frame.getByText('initialized 200').waitFor();
      await saveAndFinish(page, frame);
      expect(accepted).toEqual([]);

      await context.setOffline(false);
      await scored(page, course.title).waitFor();
      expect(new Set(accepted).size).toBe(accepted.length);
      const held = await serverStatements(page, entryId);
      expect(held.map((s) => s.verb).sort()).toEqual(['completed', 'initialized', 'passed', 'terminated']);
      expect(new Set(held.map((s) => s.id)).size).toBe(held.length);
      await context.close();
    },
  );

  it.each(['cmi5', 'tincan'] as const)('%s: the state resumes in another browser', async (kind) => {
    const course = courses[kind];
    const { context, page } = await signedIn();
    const url = tableUrls[kind];
    if (!url) throw new Error('the online test opens the table first');
    await page.goto(url);
    const { frame, entryId } = await start(page, course.title);
    await frame.getByText('page=3', { exact: true }).waitFor();
    // This launch's own `initialized` reaches the server before the browser goes away (its queue
    // would send it on the next visit, but this context does not come back).
    await expect
      .poll(
        async () => (await serverStatements(page, entryId)).filter((s) => s.verb === 'initialized').length,
        { timeout: 15_000 },
      )
      .toBe(2);
    await context.close();
  });

  it('shows the teacher what the content sent, on a desktop and on a phone', async () => {
    const url = tableUrls.cmi5;
    if (!url) throw new Error('the online test opens the table first');
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await signedIn();
      await page.setViewportSize(viewport);
      await page.goto(url);
      // The online and resume launches of this group: initialized twice, completed, passed, terminated.
      const held = await serverStatements(page, entryIds.cmi5 ?? 0);
      expect(held.map((s) => s.verb).sort()).toEqual([
        'completed',
        'initialized',
        'initialized',
        'passed',
        'terminated',
      ]);
      const opener = page.getByRole('button', {
        name: teacherAreaMessages.statementsOpen(courses.cmi5.title),
      });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByText(teacherAreaMessages.statementsCount(held.length)).waitFor();
      await dialog.getByText('passed').waitFor();
      await dialog.getByText(teacherAreaMessages.statementScore(XAPI_SCORE)).waitFor();
      await expectAccessible(page);
      await keepScreenshot(page, `statements-${viewport.width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    }
  });
});
