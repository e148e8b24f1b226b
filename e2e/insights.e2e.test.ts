// The insight screens in a real browser against the production build: the dashboard's report blocks
// (licences with CSV, 12-week chart, school ranking; a failing block leaves the KPI cards), a school's
// usage in its details modal, the audit log with filters and server pages, and a teacher's group
// overview with its chart and CSV export. Each screen passes axe and is photographed at desktop and
// phone widths (SCREENSHOT_DIR, default a temp folder) for a person to look at.
import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../server/features/audit/audit.repository.js';
import { buildLevel } from '../server/fixtures/curriculum.js';
import {
  createActivityEntry,
  createGroup,
  createSchool,
  createTeacher,
  DEFAULT_PASSWORD,
  daysFromToday,
} from '../server/fixtures/factories.js';
import { startAdminSession, stopAdminSession } from './support/admin-session.js';
import { expectAccessible, newPage, signInThroughForm } from './support/browser.js';
import { expectFrench } from './support/french.js';
import { photograph } from './support/photograph.js';
import type { RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;
let schoolId: number;
let teacher: { email: string; password: string };
let groupId: number;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

beforeAll(async () => {
  ({ server, browser, page } = await startAdminSession());
  const db = server.db;
  schoolId = (
    await createSchool(db, {
      name: 'École des Tilleuls',
      city: 'Rennes',
      license_end_date: daysFromToday(12),
    })
  ).id;
  await createSchool(db, { name: 'École du Port', city: 'Brest', license_end_date: daysFromToday(-4) });
  await createSchool(db, { name: 'École des Pins', city: 'Nice', license_end_date: daysFromToday(75) });
  const level = await buildLevel(db, [[{ sessions: [3] }, { sessions: [2, 2] }, { sessions: [3] }]], {
    title: 'CM1 Grammaire',
  });
  const created = await createTeacher(db, { school_id: schoolId, levelIds: [level.levelId], name: 'Durand' });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
  groupId = (await createGroup(db, created.id, level.levelId, 'CM1 B')).id;
  // The first lesson done (one before dates were kept), the second started: the third is locked.
  const activities = level.lessons.flat().flatMap((lesson) => lesson.activityIds.flat());
  const completedAt = [null, daysAgo(20), daysAgo(9), daysAgo(2)];
  for (const [index, activityId] of activities.entries()) {
    await createActivityEntry(
      db,
      groupId,
      activityId,
      index < completedAt.length ? completedAt[index] : undefined,
    );
  }
  await recordAudit(db, {
    actorId: null,
    action: 'school.update',
    entity: 'school',
    entityId: schoolId,
    details: {
      name: 'École des Tilleuls',
      fields: ['city'],
      before: { city: 'Brest' },
      after: { city: 'Rennes' },
    },
  });
});
afterAll(() => stopAdminSession({ server, browser }));

describe('dashboard reports', () => {
  it('shows licences to renew, the 12-week chart and the ranking below the four KPI cards', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('kpi-card').first().waitFor();
    expect(await page.getByTestId('kpi-card').count()).toBe(4);
    const licences = page.getByTestId('licences-report');
    await licences.getByRole('link', { name: 'École du Port' }).waitFor();
    expect(
      await licences.getByRole('button', { name: /Échues, encore actives/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await licences.getByRole('button', { name: /Sous 30 jours/ }).click();
    await licences.getByRole('link', { name: 'École des Tilleuls' }).waitFor();
    await licences.getByText('dans 12 j').waitFor();

    const chart = page.getByTestId('activity-chart');
    await chart.locator('svg').first().waitFor();
    expect(await page.getByRole('table').filter({ hasText: 'Semaine du' }).count()).toBe(1);
    const ranking = page.getByTestId('ranking-report');
    await ranking.getByRole('link', { name: 'École des Tilleuls' }).waitFor();
    await expectAccessible(page);
    await photograph(page, 'dashboard');
  });

  it('downloads the licences as a CSV for French Excel', async () => {
    await page.goto(`${server.url}/dashboard`);
    const licences = page.getByTestId('licences-report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      licences.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^licences-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8')).toContain(`École des Tilleuls;Rennes;${daysFromToday(12)};12`);
  });

  it('keeps the KPI cards and the other blocks when one report fails, and retries it', async () => {
    let fail = true;
    await page.route('**/api/admin/insights/activity', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"success":false,"message":"x"}' }) : route.continue(),
    );
    try {
      await page.goto(`${server.url}/dashboard`);
      const activity = page.getByTestId('activity-report');
      await activity.getByText('L’activité n’a pas pu être chargée.').waitFor();
      expect(await page.getByTestId('kpi-card').count()).toBe(4);
      await page.getByTestId('licences-report').getByRole('link', { name: 'École du Port' }).waitFor();
      fail = false;
      await activity.getByRole('button', { name: 'Réessayer' }).click();
      await page.getByTestId('activity-chart').locator('svg').first().waitFor();
    } finally {
      await page.unroute('**/api/admin/insights/activity');
    }
  });

  it('opens a school’s details from the dashboard with its usage over 30 days', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page
      .getByTestId('licences-report')
      .getByRole('button', { name: /Sous 30 jours/ })
      .click();
    await page.getByTestId('licences-report').getByRole('link', { name: 'École des Tilleuls' }).click();
    await page.waitForURL(/\/schools\?details=\d+$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'École des Tilleuls' }).waitFor();
    const usage = dialog.getByTestId('school-usage');
    await usage.getByText('Activités terminées').waitFor();
    await expect
      .poll(() => usage.textContent())
      .toMatch(/0Enseignants connectés1Groupes actifs3Activités terminées/);
    await expectAccessible(page);
    await photograph(page, 'school-details');
  });
});

describe('audit log', () => {
  it('lists who did what, filters by kind of object, and loads older pages from the server', async () => {
    for (let i = 0; i < 55; i++) {
      await recordAudit(server.db, {
        actorId: null,
        action: 'pdf.rename',
        entity: 'pdf',
        entityId: i + 1,
        details: { title: `Fiche ${i + 1}` },
      });
    }
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Journal d’audit' }).click();
    await page.waitForURL(/\/audit$/);
    await page.getByRole('heading', { level: 1, name: 'Journal d’audit' }).waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await page.getByTestId('audit-row').count()).toBe(50);
    await page.getByRole('button', { name: 'Afficher les entrées plus anciennes' }).click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(50);

    await page.getByLabel('Type d’objet').selectOption('school');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.waitForURL(/entity=school/);
    // Each entry reads as a sentence, with what changed in French below it.
    const row = page.getByTestId('audit-row').filter({ hasText: 'a modifié l’école « École des Tilleuls »' });
    await row.getByText('Ville :').waitFor();
    await row.getByText('Brest → Rennes').waitFor();
    await page.getByLabel('Type d’objet').selectOption('auth');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.getByTestId('audit-row').filter({ hasText: 's’est connecté' }).first().waitFor();
    await expectAccessible(page);
    await expectFrench(page, 'audit log');
    await photograph(page, 'audit');

    await page.getByLabel('Du', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Au', { exact: true }).fill('2020-01-02');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.getByText('Aucune entrée ne correspond à ces filtres.').waitFor();
  });
});

describe('group overview (teacher)', () => {
  it('shows the group’s activities by lesson with dates and a chart, and exports the group as CSV', async () => {
    const session = await newPage(browser, { width: 1366, height: 768 });
    const teacherPage = session.page;
    try {
      await signInThroughForm(teacherPage, server.url, teacher, /\/user$/);
      await teacherPage.goto(`${server.url}/usertable/${groupId}`);
      await teacherPage.getByRole('heading', { level: 1, name: 'CM1 B' }).waitFor();
      await teacherPage.getByRole('button', { name: 'Vue d’ensemble' }).click();
      await teacherPage.waitForURL(/vue=ensemble/);
      const overview = teacherPage.getByTestId('group-overview');
      await overview.getByTestId('overview-total').waitFor();
      expect(await overview.getByTestId('overview-total').textContent()).toBe(
        '4 / 10 activités terminées (40 %)',
      );
      await teacherPage.getByTestId('completion-chart').locator('svg').first().waitFor();
      const lessons = overview.getByTestId('overview-lesson');
      expect(await lessons.count()).toBe(3);
      const statuses = await overview
        .locator('[data-status]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-status')));
      expect(statuses).toEqual([
        ...Array(3).fill('completed'),
        'completed',
        ...Array(3).fill('pending'),
        ...Array(3).fill('locked'),
      ]);
      await overview.getByText(/Dont 1 terminée avant l’enregistrement des dates/).waitFor();
      await expectAccessible(teacherPage);
      await photograph(teacherPage, 'group-overview');

      const [download] = await Promise.all([
        teacherPage.waitForEvent('download'),
        overview.getByRole('button', { name: 'CSV du groupe' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`groupe-${groupId}.csv`);
      const csv = (await fs.readFile((await download.path())!)).toString('utf8');
      expect(csv.startsWith('\uFEFFLeçon;Séance;Activité;Statut;Terminée le (UTC);Score\r\n')).toBe(true);
      expect(csv).toContain('Leçon 1.1;Séance 1;Activité 1.1.1.1;Terminée;—;');

      await teacherPage.getByRole('button', { name: 'Tableau' }).click();
      await teacherPage.waitForURL(new RegExp(`/usertable/${groupId}$`));
    } finally {
      await session.context.close();
    }
  });
});
