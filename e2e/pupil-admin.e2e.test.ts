// The pupils of a school in its edit screen (docs/privacy.md), in a real browser against the
// production build: the admin sees them (count, sign-in kinds, groups), downloads one pupil's data
// as JSON (with their results), and erases one after a confirmation (gone from the list and the
// database). axe and the French check on the screen; pictures at 1366 and 390 px.
import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilAdminMessages as m } from '../common/messages/pupil-admin.js';
import type { PupilExport } from '../common/schemas/pupil-admin.js';
import {
  createActivity,
  createGroup,
  createPupil,
  createPupilEntry,
  createSchool,
  createSessionPath,
  createTeacher,
} from '../server/fixtures/factories.js';
import { startAdminSession, stopAdminSession } from './support/admin-session.js';
import { describePageOnFailure, expectAccessible, pageSettled } from './support/browser.js';
import { expectFrench } from './support/french.js';
import { photograph } from './support/photograph.js';
import type { RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startAdminSession());
});
afterAll(() => stopAdminSession({ server, browser }));
describePageOnFailure(() => page);

const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const pupilsRegion = () => page.getByRole('region', { name: /Élèves/ });
const pupilRow = (name: string) => pupilsRegion().getByRole('listitem').filter({ hasText: name });

/** A school with a teacher's group of three pupils; Léa has finished an activity with 80 %. */
async function schoolWithPupils() {
  const { levelId, sessionId } = await createSessionPath(server.db);
  const activity = await createActivity(server.db, sessionId, { title: 'Les fractions' });
  const school = await createSchool(server.db, { name: 'École des Tilleuls' });
  const teacher = await createTeacher(server.db, {
    school_id: school.id,
    levelIds: [levelId],
    firstname: 'Claire',
    name: 'Dubois',
  });
  const group = await createGroup(server.db, teacher.id, levelId, 'CM1 B');
  const lea = await createPupil(server.db, {
    schoolId: school.id,
    groupIds: [group.id],
    firstname: 'Léa',
    name: 'Roux',
  });
  const hugo = await createPupil(server.db, {
    schoolId: school.id,
    groupIds: [group.id],
    firstname: 'Hugo',
    name: '',
  });
  await createPupil(server.db, { schoolId: school.id, groupIds: [group.id], firstname: '', name: '' });
  await server.db
    .updateTable('pupils')
    .set({ picture_code: '1-2-3-4' })
    .where('user_id', 'in', [lea.id, hugo.id])
    .execute();
  const entry = await createPupilEntry(server.db, {
    groupId: group.id,
    activityId: activity.id,
    pupilId: lea.id,
  });
  await server.db
    .updateTable('group_activities')
    .set({ status: 'completed', score: 80, completed_at: new Date().toISOString() })
    .where('id', '=', entry.id)
    .execute();
  await server.db
    .insertInto('activity_runtime')
    .values({
      entry_id: entry.id,
      standard: 'scorm12',
      data: JSON.stringify({ 'cmi.core.lesson_location': 'page-3' }),
      updated_at: new Date().toISOString(),
    })
    .execute();
  return { school, lea, hugo, activity };
}

describe("a school's pupils", () => {
  it('says when the school has no pupil', async () => {
    const school = await createSchool(server.db, { name: 'École sans élèves' });
    await page.goto(`${server.url}/schoolformedit/${school.id}`);
    await pupilsRegion().getByText(m.empty).waitFor();
    await expectAccessible(page);
    await photograph(page, 'school-pupils-empty');
  });

  it('lists them, exports one pupil’s data as JSON, and erases one after a confirmation', async () => {
    const { school, lea, hugo } = await schoolWithPupils();
    await page.goto(`${server.url}/schoolformedit/${school.id}`);
    await pupilRow('Léa Roux').waitFor();
    await pupilsRegion()
      .getByRole('heading', { name: `${m.sectionTitle} (${m.count(3)})` })
      .waitFor();
    await pupilsRegion().getByText(m.signInCount(m.signInKinds.cards, 2)).waitFor();
    expect(await pupilRow('Léa Roux').textContent()).toContain('CM1 B (Claire Dubois)');
    await pupilRow('Élève ').waitFor();
    await pageSettled(page);
    await expectFrench(page, 'school pupils');
    await expectAccessible(page);
    await photograph(page, 'school-pupils');

    // The search narrows the list.
    await pupilsRegion().getByRole('searchbox', { name: m.searchLabel }).fill('hugo');
    await expect.poll(() => pupilsRegion().getByRole('listitem').count()).toBe(1);
    await pupilRow('Hugo').waitFor();
    await pupilsRegion().getByRole('searchbox', { name: m.searchLabel }).fill('');
    await expect.poll(() => pupilsRegion().getByRole('listitem').count()).toBe(3);

    // « Exporter ses données »: a JSON file with the pupil's results.
    const download = page.waitForEvent('download');
    await pupilRow('Léa Roux').getByRole('button', { name: m.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`eleve-${lea.id}-donnees.json`);
    const exported = JSON.parse(await fs.readFile(await file.path(), 'utf8')) as PupilExport;
    expect(exported.account).toMatchObject({ id: lea.id, firstname: 'Léa', name: 'Roux' });
    expect(exported.entries).toEqual([
      expect.objectContaining({
        activityTitle: 'Les fractions',
        status: 'completed',
        score: 80,
        runtime: expect.objectContaining({ data: { 'cmi.core.lesson_location': 'page-3' } }),
      }),
    ]);

    // « Effacer »: a confirmation naming what goes; Annuler keeps the pupil.
    await pupilRow('Hugo').getByRole('button', { name: m.erase }).click();
    const dialog = page.getByRole('dialog', { name: m.eraseTitle('Hugo') });
    await dialog.getByText(m.eraseDescription).waitFor();
    await expectAccessible(page);
    await photograph(page, 'school-pupils-erase', { fullPage: false });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pupilRow('Hugo').getByRole('button', { name: m.erase }).click();
    const erased = page.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/pupils/${hugo.id}`) && r.request().method() === 'DELETE',
    );
    await page.getByRole('dialog').getByRole('button', { name: m.eraseConfirm }).click();
    expect((await erased).status()).toBe(200);
    await toast(m.erased).waitFor();
    await pupilRow('Hugo').waitFor({ state: 'detached' });
    await pupilsRegion()
      .getByRole('heading', { name: `${m.sectionTitle} (${m.count(2)})` })
      .waitFor();
    expect(await server.db.selectFrom('users').select('id').where('id', '=', hugo.id).execute()).toEqual([]);
    expect(
      await server.db.selectFrom('pupils').select('user_id').where('user_id', '=', hugo.id).execute(),
    ).toEqual([]);
    expect(
      await server.db.selectFrom('group_pupils').select('pupil_id').where('pupil_id', '=', hugo.id).execute(),
    ).toEqual([]);
  });

  it('shows a retry when the pupils cannot be loaded', async () => {
    const { school } = await schoolWithPupils();
    await page.route('**/api/admin/schools/*/pupils*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"success":false,"message":"Erreur"}',
      }),
    );
    try {
      await page.goto(`${server.url}/schoolformedit/${school.id}`);
      await pupilsRegion().getByText(m.loadFailed).waitFor();
      await page.unroute('**/api/admin/schools/*/pupils*');
      await pupilsRegion().getByRole('button', { name: 'Réessayer' }).click();
      await pupilRow('Léa Roux').waitFor();
    } finally {
      await page.unroute('**/api/admin/schools/*/pupils*');
    }
  });
});
