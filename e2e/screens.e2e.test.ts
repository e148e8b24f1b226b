import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../server/features/audit/audit.repository.js';
import * as make from '../server/fixtures/factories.js';
import { launchBrowser, newPage, signInThroughForm } from './support/browser.js';
import { englishWords, expectFrench } from './support/french.js';
import { keepScreenshot } from './support/photograph.js';
import { adminScreens, VIEWPORTS } from './support/screens.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.js';

/** People's names the screens show back (avatars show initials). */
const NAMES = ['Martin', 'Camille', 'CM'];

let server: RunningServer;
let browser: Browser;
let admin: Array<[name: string, url: string]>;
let teacherScreens: Array<[name: string, url: string]>;
let teacher: { email: string };
let schoolId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const db = server.db;
  const school = await make.createSchool(db, { name: 'École élémentaire des Lilas', city: 'Grenoble' });
  schoolId = school.id;
  // Switched on, but past its end: the list says so, as the dashboard does.
  await make.createSchool(db, {
    name: 'École Jean Moulin',
    license_start_date: make.daysFromToday(-300),
    license_end_date: make.daysFromToday(-8),
  });
  const level = await make.createLevel(db, 'CP — Cours préparatoire');
  const period = await make.createPeriod(db, level.id, 'Période 1');
  const lesson = await make.createLesson(db, period.id, 'Leçon 1 — Les sons et les lettres de l’alphabet');
  const session = await make.createLessonSession(db, lesson.id, 'Séance 1');
  const first = await make.createActivity(db, session.id, { title: 'Écouter les voyelles' });
  await make.createActivity(db, session.id, { title: 'Associer les sons', packageKind: 'scorm12' });
  await make.createPdf(db, lesson.id, { title: 'Fiche de l’élève' });
  const created = await make.createTeacher(db, {
    firstname: 'Camille',
    name: 'Martin',
    school_id: school.id,
    levelIds: [level.id],
  });
  teacher = created;
  const group = await make.createGroup(db, created.id, level.id, 'CP A');
  await recordAudit(db, {
    actorId: null,
    action: 'activity.create',
    entity: 'activity',
    entityId: first.id,
    details: {
      title: 'Écouter les voyelles',
      sessionId: session.id,
      parentTitle: 'Séance 1',
      packageHash: 'ab'.repeat(32),
      sizeBytes: 123_456,
      kind: 'scorm12',
      files: 42,
    },
  });
  admin = adminScreens({ school, teacher: created, level, period, lesson, session });
  teacherScreens = [
    ['levels', '/user'],
    ['groups', `/usergroups/${level.id}`],
    ['table', `/usertable/${group.id}`],
    ['table-unknown', '/usertable/999999'],
    ['not-found', '/no-such-page'],
  ];
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function adminPage(size: { width: number; height: number }) {
  const opened = await newPage(browser, size);
  await signInThroughForm(
    opened.page,
    server.url,
    { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    /\/dashboard$/,
  );
  return opened;
}

/** Waits until the screen has loaded what it shows: a heading, no placeholder, its tab title. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('h1')?.textContent?.trim() &&
      document.title !== 'Ardoise' &&
      !document.querySelector('[aria-busy="true"], .animate-pulse'),
  );
}

/** Elements past the right edge of the viewport, outside scroll containers. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}px`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || getComputedStyle(element).position === 'fixed')
        continue;
      let parent = element.parentElement;
      while (parent && !/(auto|scroll|hidden|clip)/.test(getComputedStyle(parent).overflowX)) {
        parent = parent.parentElement;
      }
      if (!parent) out.push(`${element.tagName.toLowerCase()} “${element.textContent?.slice(0, 30)}”`);
    }
    return out.slice(0, 5);
  });
}

async function walk(page: Page, role: string, viewport: string, screens: Array<[string, string]>) {
  const titles = new Map<string, string>();
  for (const [name, url] of screens) {
    await page.goto(`${server.url}${url}`);
    await settled(page).catch(async (error: unknown) => {
      const state = await page.evaluate(() => ({
        title: document.title,
        h1: document.querySelector('h1')?.textContent,
        busy: Array.from(document.querySelectorAll('[aria-busy="true"], .animate-pulse')).map((e) =>
          e.outerHTML.slice(0, 120),
        ),
      }));
      throw new Error(`${role} ${name} at ${viewport} did not settle: ${JSON.stringify(state)}`, {
        cause: error,
      });
    });
    await expectFrench(page, `${role} ${name} at ${viewport}`, NAMES);
    expect(await overflowing(page), `${role} ${name} at ${viewport}`).toEqual([]);
    titles.set(name, await page.title());
    await keepScreenshot(page, `${viewport}-${role}-${name}`);
  }
  return titles;
}

describe('the English-words check', () => {
  it('finds English outside the spec’s quotes and the technical names, and lets French through', () => {
    expect(englishWords(['Sign in to your account', 'Password'])).toEqual([
      'Sign (in “Sign in to your account”)',
      'to (in “Sign in to your account”)',
      'your (in “Sign in to your account”)',
      'account (in “Sign in to your account”)',
      'Password (in “Password”)',
    ]);
    expect(
      englishWords(['Connectez-vous à votre compte', '1 fichier, 2 fichiers', 'Leçons · Séance 1']),
    ).toEqual([]);
    // The spec's quotes stay as written; the same words elsewhere do not pass.
    expect(englishWords(['Search schools...', 'Page Not Found', 'SCORM 1.2, Tin Can, H5P'])).toEqual([]);
    expect(englishWords(['Search teachers by school'])).toEqual([
      'Search (in “Search teachers by school”)',
      'teachers (in “Search teachers by school”)',
      'by (in “Search teachers by school”)',
      'school (in “Search teachers by school”)',
    ]);
    // What a test stored (a person's name) is not the interface's.
    expect(englishWords(['Menu du compte : Martin'], ['Martin'])).toEqual([]);
  });
});

for (const [viewport, size] of Object.entries(VIEWPORTS)) {
  describe(`every screen at ${size.width} px`, () => {
    it('admin screens: French, a tab title each, nothing cut off', async () => {
      const { context, page } = await adminPage(size);
      const titles = await walk(page, 'admin', viewport, admin);
      // Each screen names its tab; the two unknown ids and the 404 say what they are.
      const distinct = [...titles.entries()].filter(([name]) => !/unknown|not-found/.test(name));
      expect(new Set(distinct.map(([, title]) => title)).size).toBe(distinct.length);
      expect(titles.get('schools')).toBe('Gestion des écoles · Ardoise');
      expect(titles.get('session')).toBe('Activités · Séance 1 · Ardoise');
      await context.close();
    });

    it('admin details: the audit log, a school’s usage, an unknown id and the 404 page', async () => {
      const { context, page } = await adminPage(size);

      // The audit log: a sentence per entry, a table on a wide screen and a card on a phone, the
      // package's hash shortened with a button that copies it whole.
      await page.goto(`${server.url}/audit`);
      const [shown, hidden] =
        viewport === 'phone' ? ['audit-card', 'audit-row'] : ['audit-row', 'audit-card'];
      const entry = page.getByTestId(shown).filter({
        hasText:
          'a déposé l’activité « Écouter les voyelles » (SCORM 1.2, 42 fichiers) dans la séance « Séance 1 »',
      });
      await entry.getByText('abababab…abab').waitFor();
      expect(await page.getByTestId(hidden).first().isVisible()).toBe(false);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await entry.getByTestId('copy-button').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('ab'.repeat(32));

      // The school's details: its usage labels wrap between words, never inside one.
      await page.goto(`${server.url}/schools?details=${schoolId}`);
      const usage = page.getByRole('dialog').getByTestId('school-usage');
      await usage.getByText('Enseignants connectés').waitFor();
      const wordsCut = await usage.getByText('Enseignants connectés').evaluate((label) => {
        const text = label.firstChild as Text;
        const cut: string[] = [];
        for (const match of text.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index ?? 0);
          range.setEnd(text, (match.index ?? 0) + match[0].length);
          if (range.getClientRects().length > 1) cut.push(match[0]);
        }
        return cut;
      });
      expect(wordsCut).toEqual([]);
      await expectFrench(page, `school details at ${viewport}`, NAMES);
      await keepScreenshot(page, `${viewport}-admin-school-details`);

      // An unknown id: "introuvable" and a way back, no retry.
      await page.goto(`${server.url}/session/999999`);
      await page.getByRole('heading', { name: 'Élément introuvable' }).waitFor();
      expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Niveaux éducatifs' }).last().click();
      await page.waitForURL(/\/levels$/);

      // The 404 page inside the shell: the header's menu and the navigation are there.
      await page.goto(`${server.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByTestId('user-menu-trigger').waitFor();
      if (viewport === 'desktop')
        await page.getByTestId('sidebar').getByRole('link', { name: 'Schools' }).waitFor();
      else await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
      await context.close();
    });

    it('teacher screens: French, a tab title each, nothing cut off', async () => {
      const { context, page } = await newPage(browser, size);
      await signInThroughForm(
        page,
        server.url,
        { email: teacher.email, password: make.DEFAULT_PASSWORD },
        /\/user$/,
      );
      const titles = await walk(page, 'teacher', viewport, teacherScreens);
      expect(titles.get('table')).toBe('CP A · Tableau d’apprentissage · Ardoise');

      await page.goto(`${server.url}/usertable/999999`);
      await page.getByRole('heading', { name: 'Groupe introuvable' }).waitFor();
      expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Retour aux niveaux' }).click();
      await page.waitForURL(/\/user$/);

      await page.goto(`${server.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByTestId('user-menu-trigger').waitFor();
      await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
      await page.waitForURL(/\/user$/);
      await context.close();
    });
  });
}

describe('the sign-in page', () => {
  it('is French at both widths', async () => {
    for (const size of Object.values(VIEWPORTS)) {
      const { context, page } = await newPage(browser, size);
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      await expectFrench(page, `login at ${size.width}`);
      expect(await page.title()).toBe('Se connecter · Ardoise');
      await keepScreenshot(page, `${size.width}-login`);
      await context.close();
    }
  });
});
