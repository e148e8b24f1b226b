// The pupils' page of a group (/usertable/{id}/eleves) in a real browser against the production
// build: the results grid with each pupil's status and score, a pupil's detail with their SCORM
// answers, the CSV export, and a class of 35 pupils × 200 given activities that scrolls with the
// pupils' names kept in view. axe on the page; photographed at 1366 and 390 px (SCREENSHOT_DIR).
import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilResultsMessages as m } from '../common/messages/pupil-results.js';
import { pupilMessages } from '../common/messages/pupils.js';
import { scorm12Commit } from '../common/test/scorm-commits.js';
import {
  seedLargeClasses,
  seedPupilEntry,
} from '../server/features/pupil-results/pupil-results.factories.js';
import { buildLevel } from '../server/fixtures/curriculum.js';
import { createGroup, createPupil, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import {
  DESKTOP,
  describeLatestPageOnFailure,
  expectAccessible,
  launchBrowser,
  newSignedInPage,
  openedDialog,
  PHONE,
} from './support/browser.js';
import { keepScreenshot, photograph } from './support/photograph.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let teacher: { email: string; password: string };
let groupId: number;
let largeGroupId: number;
let emptyGroupId: number;
let nothingGivenGroupId: number;
let strangerGroupId: number;

const describeOnFailure = describeLatestPageOnFailure();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const db = server.db;
  const level = await buildLevel(db, [[{ sessions: [2] }, { sessions: [1] }]], { title: 'CE2 Français' });
  const [a1, a2] = level.lessons[0]![0]!.activityIds[0]! as [number, number];
  const [a3] = level.lessons[0]![1]!.activityIds[0]! as [number];
  const created = await createTeacher(db, { levelIds: [level.levelId], name: 'Durand' });
  teacher = { email: created.email, password: DEFAULT_PASSWORD };
  groupId = (await createGroup(db, created.id, level.levelId, 'CE2 A')).id;
  const schoolId = created.schoolId;
  const [lina, noe, sacha] = await Promise.all(
    [
      ['Lina', 'Bernard'],
      ['Noé', 'Petit'],
      ['Sacha', 'Roux'],
    ].map(([firstname, name]) => createPupil(db, { schoolId, groupIds: [groupId], firstname, name })),
  );
  for (const activityId of [a1, a2, a3]) {
    await db
      .insertInto('group_assignments')
      .values({
        group_id: groupId,
        activity_id: activityId,
        due_date: null,
        given_at: new Date().toISOString(),
      })
      .execute();
  }
  const data = scorm12Commit({
    'cmi.core.lesson_status': 'passed',
    'cmi.core.score.raw': '80',
    'cmi.interactions.0.id': 'pluriel-cheval',
    'cmi.interactions.0.type': 'fill-in',
    'cmi.interactions.0.student_response': 'chevals',
    'cmi.interactions.0.result': 'wrong',
    'cmi.interactions.0.correct_responses.0.pattern': 'chevaux',
  });
  const base = {
    groupId,
    runtime: { standard: 'scorm12' as const, data, updatedAt: '2026-11-20T09:30:00.000Z' },
  };
  await seedPupilEntry(db, {
    ...base,
    activityId: a1,
    pupilId: lina!.id,
    status: 'completed',
    score: 80,
    completedAt: '2026-11-20T09:30:00.000Z',
    launches: 2,
  });
  await seedPupilEntry(db, { ...base, activityId: a2, pupilId: lina!.id, launches: 1 });
  await seedPupilEntry(db, {
    groupId,
    activityId: a1,
    pupilId: noe!.id,
    status: 'completed',
    score: 45,
    completedAt: '2026-11-21T10:00:00.000Z',
    launches: 1,
  });
  void sacha;
  const large = await seedLargeClasses(db, {
    groups: 1,
    pupils: 35,
    lessons: 20,
    teacher: { id: created.id, schoolId },
  });
  largeGroupId = large.groupIds[0]!;
  emptyGroupId = (await createGroup(db, created.id, level.levelId, 'CE2 vide')).id;
  nothingGivenGroupId = (await createGroup(db, created.id, level.levelId, 'CE2 B')).id;
  await createPupil(db, { schoolId, groupIds: [nothingGivenGroupId], firstname: 'Jade', name: 'Moreau' });
  const stranger = await createTeacher(db, { levelIds: [level.levelId] });
  strangerGroupId = (await createGroup(db, stranger.id, level.levelId, 'Autre classe')).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPupilsPage(id: number, viewport = DESKTOP, { grid = true } = {}): Promise<Page> {
  const { page } = await newSignedInPage(browser, server.url, teacher, /\/user$/, viewport);
  describeOnFailure(page);
  await page.goto(`${server.url}/usertable/${id}/eleves`);
  if (grid) await page.getByTestId('results-grid').waitFor();
  return page;
}

/** The text of the cell of a pupil (row) and an activity (column, 0-based). */
async function cellText(page: Page, pupil: string, column: number): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: pupil }) });
  return (await row.getByRole('cell').nth(column).innerText()).replace(/\s+/g, ' ').trim();
}

describe("a group's pupils' page", () => {
  it('shows each pupil’s status and score, a pupil’s answers, and exports the CSV', async () => {
    const page = await openPupilsPage(groupId);
    await page.getByRole('heading', { level: 1, name: 'CE2 A' }).waitFor();
    expect(await page.getByRole('link', { name: m.backToTable }).first().getAttribute('href')).toBe(
      `/usertable/${groupId}`,
    );
    await page.getByRole('heading', { level: 2, name: pupilMessages.rosterTitle }).waitFor();
    expect(await page.getByRole('rowheader').allInnerTexts()).toEqual([
      'Lina Bernard',
      'Noé Petit',
      'Sacha Roux',
    ]);
    // Symbol and score beside the words a screen reader reads.
    expect(await cellText(page, 'Lina Bernard', 0)).toMatch(/^✓ 80 Terminée, score 80 %, 2 tentatives, /);
    expect(await cellText(page, 'Lina Bernard', 1)).toMatch(/^○ À faire, 1 tentative, /);
    expect(await cellText(page, 'Lina Bernard', 2)).toBe('– Pas commencée');
    expect(await cellText(page, 'Noé Petit', 0)).toMatch(/^✓ 45 Terminée, score 45 %/);
    expect(await cellText(page, 'Sacha Roux', 0)).toBe('– Pas commencée');
    await expectAccessible(page);
    await photograph(page, 'pupil-results');

    await page.getByRole('button', { name: m.openPupil('Lina Bernard') }).click();
    const dialog = await openedDialog(page);
    await dialog.getByRole('heading', { name: m.detailTitle('Lina Bernard') }).waitFor();
    const interaction = dialog.getByTestId('interaction').first();
    await interaction.waitFor();
    const answer = (await interaction.innerText()).replace(/\s+/g, ' ');
    expect(answer).toContain('pluriel-cheval');
    expect(answer).toContain('Réponse chevals');
    expect(answer).toContain('Attendu chevaux');
    expect(answer).toContain('Résultat ✗ Faux');
    await expectAccessible(page);
    await photograph(page, 'pupil-results-detail', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: m.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`eleves-groupe-${groupId}.csv`);
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Élève;Leçon;Séance;Activité;Statut;Score;Tentatives;Dernière activité (UTC)');
    expect(lines).toContain(
      'Lina Bernard;Leçon 1.1;Séance 1;Activité 1.1.1.1;Terminée;80;2;2026-11-20 09:30',
    );
    expect(lines).toContain('Noé Petit;Leçon 1.1;Séance 1;Activité 1.1.1.1;Terminée;45;1;2026-11-21 10:00');
    expect(lines).toContain('Sacha Roux;Leçon 1.2;Séance 1;Activité 1.2.1.1;Pas commencée;;0;');
    expect(lines.filter(Boolean)).toHaveLength(1 + 3 * 3);
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps 35 pupils × 200 activities readable on a ${label}: names stay in view while scrolling right`, async () => {
      const page = await openPupilsPage(largeGroupId, viewport);
      const grid = page.getByTestId('results-grid');
      expect(await page.getByRole('rowheader').count()).toBe(35);
      expect(await page.getByRole('columnheader').count()).toBe(1 + 200 + 20);
      const firstName = page.getByRole('rowheader').first();
      const before = await firstName.boundingBox();
      await grid.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(1000);
      const after = await firstName.boundingBox();
      expect(after?.x).toBe(before?.x);
      // The last activity's column is now in view, beside the sticky names.
      const lastHeader = page.getByRole('columnheader', { name: 'Activité 20.2.5' });
      const gridBox = (await grid.boundingBox())!;
      const lastBox = (await lastHeader.boundingBox())!;
      expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
      expect(lastBox.x).toBeGreaterThan(after!.x + after!.width - 1);
      // Scrolling down keeps the titles in view.
      await grid.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      const header = (await lastHeader.boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(gridBox.y - 1);
      // axe runs on the page in the first test: at 7,000 cells a scan takes minutes.
      await keepScreenshot(page, `pupil-results-35x200-${label}`);
    });
  }

  it('says when the group has no pupils, when nothing is given yet, and when the group is not the teacher’s', async () => {
    const page = await openPupilsPage(emptyGroupId, DESKTOP, { grid: false });
    await page.getByText(m.noPupilsTitle).waitFor();
    await page.getByText(m.noPupilsDescription).waitFor();
    expect(await page.getByRole('button', { name: m.exportCsv }).count()).toBe(0);
    await expectAccessible(page);
    await photograph(page, 'pupil-results-no-pupils');
    await page.goto(`${server.url}/usertable/${nothingGivenGroupId}/eleves`);
    await page.getByText(m.nothingGivenDescription).waitFor();
    expect(
      await page.getByRole('main').getByRole('link', { name: m.backToTable }).last().getAttribute('href'),
    ).toBe(`/usertable/${nothingGivenGroupId}`);
    await photograph(page, 'pupil-results-nothing-given');
    await page.goto(`${server.url}/usertable/${strangerGroupId}/eleves`);
    await page.getByRole('heading', { level: 1, name: m.groupNotFoundTitle }).waitFor();
    expect(await page.getByText('Autre classe').count()).toBe(0);
  });
});
