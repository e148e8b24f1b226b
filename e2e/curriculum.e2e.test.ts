// Curriculum authoring in a real browser against the production build: an admin builds a level →
// period → lesson → session tree through the screens, uploads a PDF and an activity zip, previews
// both (the package really runs in its frame on the content origin), renames and deletes them.
// A hostile package proves the preview isolation, and every screen passes an axe scan.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curriculumMessages as m } from '../common/messages/curriculum.js';
import { previewPlayerUrl } from '../common/preview-player.js';
import { createActivity, createPdf, createSessionPath } from '../server/fixtures/factories.js';
import { buildActivityZip, buildPdf, buildZip } from '../server/fixtures/files.js';
import {
  buildCmi5Package,
  buildH5pPackage,
  buildHtml5Package,
  buildScorm12Package,
  buildScorm2004Package,
} from '../server/test/package-fixtures.js';
import { startAdminSession, stopAdminSession } from './support/admin-session.js';
import { expectAccessible, openedDialog, PHONE, signInThroughForm } from './support/browser.js';
import { expectFrench } from './support/french.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startAdminSession());
});
afterAll(() => stopAdminSession({ server, browser }));

const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** axe scan of the screen itself: toasts still on screen are closed first (stacked sonner toasts
 * fade the ones behind, which axe reads as low contrast; the toaster is shared, not this feature's).
 * With a dialog open they are left to expire: a click outside the dialog would close it. */
/** Names of the packages these tests upload, as their authoring tools call them. */
const PACKAGE_NAMES = ['Storyline', 'Quiz'];

async function scan(options: { dialogOpen?: boolean } = {}) {
  if (!options.dialogOpen) {
    for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
      await close.click({ force: true, timeout: 1000 }).catch(() => undefined);
    }
  }
  // A hovered toast never expires: move the pointer away.
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  await expectAccessible(page);
  await expectFrench(page, page.url(), PACKAGE_NAMES);
}

const openDialog = () => openedDialog(page);

/** Adds an item through a page's add button and its one-field dialog. */
async function addThroughDialog(button: string, label: string, title: string) {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = await openDialog();
  await dialog.getByLabel(label).fill(title);
  await dialog.getByRole('button', { name: m.add, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('link', { name: title }).waitFor();
}

async function openRowMenu(title: string, action: 'Modifier' | 'Supprimer') {
  await page.getByRole('button', { name: `Actions : ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  return openDialog();
}

async function filesUnder(folder: string): Promise<string[]> {
  const root = path.join(server.dataDir, 'files', folder);
  return fs.readdir(root).catch(() => []);
}

describe('building a curriculum through the screens', () => {
  // One flow in steps, each taking up where the one before left the page.
  let lessonUrl = '';

  it('creates a level, renames it, then adds a period, a lesson and a session through their dialogs', async () => {
    // Levels
    await page.goto(`${server.url}/levels`);
    await page.getByRole('heading', { name: m.levelsTitle }).waitFor();
    await page.getByRole('button', { name: m.addLevel }).first().click();
    let dialog = await openDialog();
    await dialog.getByLabel(m.levelNameLabel).fill('   ');
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await dialog.getByText(m.levelNameEmpty).waitFor();
    await scan();
    await dialog.getByLabel(m.levelNameLabel).fill('CP e2e');
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await page.getByRole('link', { name: 'CP e2e' }).waitFor();
    await page.getByPlaceholder(m.searchLevels).fill('zzz');
    await page.getByText('Aucun résultat').waitFor();
    await page.getByPlaceholder(m.searchLevels).fill('cp e2');
    await page.getByRole('link', { name: 'CP e2e' }).waitFor();
    await scan();
    await page.getByPlaceholder(m.searchLevels).fill('');

    dialog = await openRowMenu('CP e2e', 'Modifier');
    await dialog.getByRole('heading', { name: m.editLevelTitle }).waitFor();
    await dialog.getByLabel(m.levelNameLabel).fill('CP');
    await dialog.getByRole('button', { name: m.saveChanges }).click();
    await toast(m.levelUpdated).waitFor();
    await page.getByRole('link', { name: 'CP', exact: true }).click();

    // Periods
    await page.waitForURL(/\/periode\/\d+$/);
    await page.getByRole('heading', { name: 'CP' }).waitFor();
    await addThroughDialog(m.addPeriod, m.periodNameLabel, 'Période 1');
    await scan();
    await page.getByRole('link', { name: 'Période 1' }).click();

    // Lessons
    await page.waitForURL(/\/levels\/\d+$/);
    await page.getByRole('heading', { name: 'Période 1' }).waitFor();
    await addThroughDialog(m.addLesson, m.lessonNameLabel, 'Les voyelles');
    await scan();
    await page.getByRole('link', { name: 'Les voyelles' }).click();

    // Lesson: a session
    await page.waitForURL(/\/lesson\/\d+$/);
    lessonUrl = page.url();
    await addThroughDialog(m.addSession, m.sessionNameLabel, 'Séance 1');
    await toast(m.sessionAdded).waitFor();
    await scan();
  });

  it('uploads a PDF to the lesson, previews it inline, renames and deletes it', async () => {
    await page.goto(lessonUrl);
    await page.getByLabel('Afficher').selectOption('pdfs');
    await page.getByRole('button', { name: m.uploadPdf }).first().click();
    let dialog = await openDialog();
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await dialog.getByText(m.pdfNameEmpty).waitFor();
    await dialog.getByText(m.pdfFileMissing).waitFor();
    await dialog.getByLabel(m.pdfNameLabel).fill('Fiche élève');
    await dialog
      .getByLabel(m.pdfFileLabel)
      .setInputFiles({ name: 'fiche.pdf', mimeType: 'application/pdf', buffer: buildPdf('Fiche e2e') });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await toast(m.pdfUploaded).waitFor();
    await expect.poll(async () => (await filesUnder('pdfs')).length).toBe(1);

    // PDF preview: the probe passes, the frame loads the PDF inline
    const pdfResponse = page.waitForResponse(
      (r) => /\/content\/pdf\/\d+$/.test(r.url()) && r.request().resourceType() !== 'fetch',
    );
    await page.getByRole('link', { name: 'Fiche élève' }).click();
    await page.waitForURL(/\/pdf-preview\/\d+$/);
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.getByTestId('preview-frame').waitFor();
    await scan();

    // Rename and delete the PDF
    await page.goto(lessonUrl);
    await page.getByLabel('Afficher').selectOption('pdfs');
    dialog = await openRowMenu('Fiche élève', 'Modifier');
    await dialog.getByLabel(m.pdfNameLabel).fill('Fiche à imprimer');
    await dialog.getByRole('button', { name: m.saveChanges }).click();
    await toast(m.pdfEdited).waitFor();
    dialog = await openRowMenu('Fiche à imprimer', 'Supprimer');
    await dialog.getByText('Fiche à imprimer').waitFor();
    await dialog.getByRole('button', { name: m.delete }).click();
    await toast(m.pdfDeleted).waitFor();
    await expect.poll(async () => (await filesUnder('pdfs')).length).toBe(0);
  });

  it('uploads an activity to the session, previews it running, renames and deletes it with its files', async () => {
    await page.goto(lessonUrl);
    await page.getByLabel('Afficher').selectOption('sessions');
    await page.getByRole('link', { name: 'Séance 1' }).click();
    await page.waitForURL(/\/session\/\d+$/);
    await page.getByRole('button', { name: m.addActivity }).first().click();
    let dialog = await openDialog();
    await dialog.getByLabel(m.activityNameLabel).fill('Jeu des sons');
    await dialog
      .getByLabel(m.activityFileLabel)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    // The refusal names both kinds the dialog takes, and goes once the file is right.
    await dialog.getByText(`${m.activityFileNotZip} ${m.activityH5pToo}`).waitFor();
    await dialog.getByLabel(m.activityFileLabel).setInputFiles({
      name: 'jeu.zip',
      mimeType: 'application/zip',
      buffer: buildActivityZip('Jeu des sons e2e'),
    });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await toast(m.activityAdded).waitFor();
    await dialog.getByTestId('package-summary').getByText('index.html').waitFor();
    await scan({ dialogOpen: true });
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Jeu des sons' }).click();
    await page.waitForURL(/\/activity-preview\/\d+$/);
    // The package runs in the content origin's preview player.
    const frame = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await expect.poll(() => frame.locator('#title').textContent()).toBe('Jeu des sons e2e');
    await expect.poll(() => frame.locator('#status').textContent()).toBe('script ran');
    // On the package's own origin, its folder (and the pass in its path) as the base.
    const frameUrl = new URL((await page.getByTestId('preview-frame').getAttribute('src')) ?? '');
    const base = frameUrl.searchParams.get('base') ?? '';
    expect(base).toMatch(new RegExp(`^/content/${page.url().split('/').pop()}/[\\w.-]+/$`));
    expect(frameUrl.origin).toMatch(/^http:\/\/preview-[0-9a-f]{32}\.content\.ardoise\.localhost:\d+$/);
    expect(frameUrl.href).toBe(
      previewPlayerUrl(frameUrl.origin, { base, kind: 'html5', launch: 'index.html' }),
    );
    await scan();

    // Rename, then delete: the row and the package files go
    await page.getByRole('link', { name: /^Retour/ }).click();
    await page.waitForURL(/\/session\/\d+$/);
    dialog = await openRowMenu('Jeu des sons', 'Modifier');
    await dialog.getByLabel(m.activityNameLabel).fill('Jeu des voyelles');
    await dialog.getByRole('button', { name: m.saveChanges }).click();
    await toast(m.activityUpdated).waitFor();
    await page.getByRole('link', { name: 'Jeu des voyelles' }).waitFor();
    expect((await filesUnder('packages')).length).toBe(2); // <hash>.zip and <hash>/
    dialog = await openRowMenu('Jeu des voyelles', 'Supprimer');
    await dialog.getByRole('button', { name: m.delete }).click();
    await toast(m.activityDeleted).waitFor();
    await page.getByText(m.activitiesEmptyTitle).waitFor();
    await expect.poll(async () => (await filesUnder('packages')).length).toBe(0);
    await page.getByRole('link', { name: /^Retour/ }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
  });

  it('deletes the level with everything under it', async () => {
    await page.goto(`${server.url}/levels`);
    const dialog = await openRowMenu('CP', 'Supprimer');
    await dialog.getByRole('heading', { name: 'CP' }).waitFor();
    await dialog.getByRole('button', { name: m.delete }).click();
    await toast(m.levelDeleted).waitFor();
    const left = await server.db.selectFrom('lessons').select('id').execute();
    expect(left).toEqual([]);
  });

  it('shows the preview failure with the status text and the URL', async () => {
    await page.goto(`${server.url}/activity-preview/999999`);
    const alert = page.getByTestId('preview-error');
    await alert.getByText(m.previewFailed).waitFor();
    await alert.getByText('404 Not Found').waitFor();
    await alert.getByText(`${server.url}/api/content/preview/999999`).waitFor();
    await scan();
  });
});

describe('real-world packages through the admin screens', () => {
  type Upload = { title: string; name: string; mimeType: string; buffer: Buffer };

  async function uploadThroughDialog(file: Upload) {
    await page.getByRole('button', { name: m.addActivity }).first().click();
    const dialog = await openDialog();
    await dialog.getByLabel(m.activityNameLabel).fill(file.title);
    await dialog.getByLabel(m.activityFileLabel).setInputFiles(file);
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    return dialog;
  }

  it('shows what each kind was recognised as, beside each activity and on its preview', async () => {
    const { sessionId } = await createSessionPath(server.db, { level: 'CE1', session: 'Séance paquets' });
    await page.goto(`${server.url}/session/${sessionId}`);
    await page.getByText(m.activitiesEmptyTitle).waitFor();

    const uploads: Array<Upload & { kind: string; launch: string }> = [
      {
        title: 'Fractions SCORM 1.2',
        name: 'fractions.zip',
        mimeType: 'application/zip',
        buffer: buildScorm12Package({ title: 'Les fractions' }),
        kind: 'SCORM 1.2',
        launch: 'index_lms.html',
      },
      {
        title: 'Conjugaison SCORM 2004',
        name: 'conjugaison.zip',
        mimeType: 'application/x-zip-compressed',
        buffer: buildScorm2004Package({
          top: 'export/',
          bases: { resources: 'res/' },
          parameters: '?lang=fr',
        }),
        kind: 'SCORM 2004',
        launch: 'res/index_lms.html?lang=fr',
      },
      {
        title: 'Quiz H5P',
        name: 'quiz.h5p',
        mimeType: 'application/octet-stream',
        buffer: buildH5pPackage(),
        kind: 'H5P',
        launch: 'h5p.json',
      },
      {
        title: 'Histoire Storyline',
        name: 'story.zip',
        mimeType: 'application/zip',
        buffer: buildHtml5Package(['story.html', 'story_html5.html']),
        kind: 'HTML5',
        launch: 'story.html',
      },
    ];
    for (const file of uploads) {
      const dialog = await uploadThroughDialog(file);
      const summary = dialog.getByTestId('package-summary');
      await summary.getByTestId('package-kind').getByText(file.kind, { exact: true }).waitFor();
      await summary.getByText(file.launch, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Terminer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: file.title }).waitFor();
    }
    await scan();

    // A refusal keeps the form filled and says what is missing.
    const refused = await uploadThroughDialog({
      title: 'Quiz incomplet',
      name: 'incomplet.h5p',
      mimeType: 'application/octet-stream',
      buffer: buildH5pPackage({ omit: ['FontAwesome-4.5'] }),
    });
    await refused.getByTestId('upload-refusal').getByText('FontAwesome 4.5', { exact: false }).waitFor();
    expect(await refused.getByLabel(m.activityNameLabel).inputValue()).toBe('Quiz incomplet');
    await scan({ dialogOpen: true });
    await refused.getByRole('button', { name: m.cancel }).click();
    await refused.waitFor({ state: 'hidden' });

    // Details on demand beside an activity.
    await page.getByRole('button', { name: 'Paquet H5P : Quiz H5P' }).click();
    const details = await openDialog();
    await details.getByText('H5P.ArdoiseQuiz 1.2').waitFor();
    await scan({ dialogOpen: true });
    await details.getByRole('button', { name: 'Fermer', exact: true }).click();
    await details.waitFor({ state: 'hidden' });

    // The preview starts from the recognised page and shows the summary.
    await page.getByRole('link', { name: 'Histoire Storyline' }).click();
    await page.waitForURL(/\/activity-preview\/\d+$/);
    // The preview player frames the package.
    const frame = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await frame.getByRole('heading', { name: 'story.html' }).waitFor();
    const strip = page.getByTestId('package-strip');
    await strip.getByText('Détails').click();
    await strip.getByTestId('package-summary').getByText('story.html', { exact: true }).waitFor();
    await scan();
  }, 240_000); // five uploads through the dialog: twice the default
});

/** A package whose script tries to reach the app and reports each attempt in its own page. */
function maliciousZip(appUrl: string): Buffer {
  const script = `
const results = {};
const attempt = (name, run) => { try { results[name] = 'read: ' + String(run()); } catch (e) { results[name] = 'blocked: ' + e.name; } };
attempt('parentDocument', () => window.parent.document.title);
attempt('topDocument', () => window.top.document.body.innerHTML.length);
attempt('parentStorage', () => window.parent.sessionStorage.getItem('token'));
attempt('ownStorage', () => sessionStorage.getItem('token') + '|' + localStorage.length);
attempt('cookies', () => document.cookie);
const call = (name, init) => fetch(${JSON.stringify(appUrl)} + '/api/admin/getschools', init)
  .then((r) => r.text().then((body) => { results[name] = 'answered ' + r.status + ' ' + body.slice(0, 60); }))
  .catch((e) => { results[name] = 'blocked: ' + e.name; });
Promise.all([
  call('fetchWithCredentials', { credentials: 'include' }),
  call('fetchWithoutCredentials', { credentials: 'omit' }),
  call('fetchNoCors', { mode: 'no-cors', credentials: 'include' }),
]).then(() => {
  document.getElementById('results').textContent = JSON.stringify(results);
  window.parent.postMessage({ type: 'attack-results', results }, '*');
});`;
  return buildZip({
    'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Piège</title></head>
<body><h1>Activité piégée</h1><pre id="results">pending</pre><script src="attack.js"></script></body></html>`,
    'attack.js': script,
  });
}

describe('a hostile package in the preview', () => {
  it('cannot read the app window, its storage or cookies, nor call the API as the admin', async () => {
    const { sessionId } = await createSessionPath(server.db);
    await page.goto(`${server.url}/session/${sessionId}`);
    await page.getByRole('button', { name: m.addActivity }).first().click();
    const dialog = await openDialog();
    await dialog.getByLabel(m.activityNameLabel).fill('Piège');
    await dialog
      .getByLabel(m.activityFileLabel)
      .setInputFiles({ name: 'piege.zip', mimeType: 'application/zip', buffer: maliciousZip(server.url) });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await toast(m.activityAdded).waitFor();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/getschools')) apiCalls.push(request.url());
    });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('link', { name: 'Piège' }).click();
    const frame = page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await expect.poll(() => frame.locator('#results').textContent(), { timeout: 15_000 }).not.toBe('pending');
    const results = JSON.parse((await frame.locator('#results').textContent()) ?? '{}') as Record<
      string,
      string
    >;

    // Its parent is the preview player (the content origin, holding nothing); the app is out of reach.
    expect(results.parentDocument).toBe('read: Aperçu de l’activité');
    expect(results.topDocument).toBe('blocked: SecurityError');
    expect(results.parentStorage).toBe('read: null');
    // Its own origin's storage holds nothing of the app's.
    expect(results.ownStorage).toBe('read: null|0');
    // The httpOnly session cookie is never readable, and the token appears nowhere.
    expect(results.cookies).not.toContain('__Host-ardoise_session');
    expect(results.cookies).not.toContain(token);
    // The content CSP (connect-src 'self') stops every call to the app origin before it leaves.
    expect(results.fetchWithCredentials).toBe('blocked: TypeError');
    expect(results.fetchWithoutCredentials).toBe('blocked: TypeError');
    expect(results.fetchNoCors).toBe('blocked: TypeError');
    expect(apiCalls).toEqual([]);
  });
});

describe('finding one’s way in the curriculum', () => {
  const trail = () =>
    page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('listitem').allTextContents();
  const backHref = () => page.getByRole('link', { name: /^Retour/ }).getAttribute('href');

  it('shows the breadcrumb and one back link to the parent on every curriculum page', async () => {
    const path = await createSessionPath(server.db, {
      level: 'CE2',
      lesson: 'Les accents',
      session: 'Séance B',
    });
    const [period] = await server.db
      .selectFrom('periods')
      .select(['id', 'title'])
      .where('id', '=', path.periodId)
      .execute();
    const pdf = await createPdf(server.db, path.lessonId, { title: 'Fiche des accents' });
    const activityRow = await createActivity(server.db, path.sessionId, { title: 'Jeu des accents' });
    const root = 'Niveaux éducatifs';
    const cases: Array<[url: string, crumbs: string[], parent: string]> = [
      [`/periode/${path.levelId}`, [root, 'CE2'], '/levels'],
      [`/levels/${path.periodId}`, [root, 'CE2', period!.title], `/periode/${path.levelId}`],
      [`/lesson/${path.lessonId}`, [root, 'CE2', period!.title, 'Les accents'], `/levels/${path.periodId}`],
      [
        `/session/${path.sessionId}`,
        [root, 'CE2', period!.title, 'Les accents', 'Séance B'],
        `/lesson/${path.lessonId}`,
      ],
      [
        `/activity-preview/${activityRow.id}`,
        [root, 'CE2', period!.title, 'Les accents', 'Séance B', 'Jeu des accents'],
        `/session/${path.sessionId}`,
      ],
      [
        `/pdf-preview/${pdf.id}`,
        [root, 'CE2', period!.title, 'Les accents', 'Fiche des accents'],
        `/lesson/${path.lessonId}`,
      ],
    ];
    for (const [url, crumbs, parent] of cases) {
      await page.goto(`${server.url}${url}`);
      await expect.poll(trail, { message: url }).toEqual(crumbs);
      expect(await backHref(), url).toBe(parent);
      // The last crumb is the page itself; the others lead up the tree.
      const nav = page.getByRole('navigation', { name: 'Fil d’Ariane' });
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe(crumbs.at(-1));
      expect(await nav.getByRole('link').count()).toBe(crumbs.length - 1);
    }
    // The back link goes one level up, whatever page it is on: while the parent is not known yet
    // (the page's data held), "Retour" is a disabled button, not a link to somewhere else.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/admin/levels/${path.periodId}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/levels/${path.periodId}`);
    expect(await page.getByRole('button', { name: /^Retour/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: /^Retour/ }).count()).toBe(0);
    release();
    await page.getByRole('link', { name: /^Retour/ }).click();
    await page.waitForURL(new RegExp(`/periode/${path.levelId}$`));
    await page.unroute(`**/api/admin/levels/${path.periodId}`);
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: root }).click();
    await page.waitForURL(/\/levels$/);
  });

  it('names a new activity after its package, clears each error once its field is right', async () => {
    const { sessionId } = await createSessionPath(server.db, { session: 'Séance des paquets' });
    await page.goto(`${server.url}/session/${sessionId}`);
    await page.getByRole('button', { name: m.addActivity }).first().click();
    const dialog = await openDialog();
    const name = dialog.getByLabel(m.activityNameLabel);
    const file = dialog.getByLabel(m.activityFileLabel);
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await dialog.getByText(m.activityNameRequired).waitFor();
    await dialog.getByText(m.activityFileMissing).waitFor();
    await name.fill('x');
    await dialog.getByText(m.activityNameRequired).waitFor({ state: 'detached' });
    expect(await dialog.getByText(m.activityFileMissing).count()).toBe(1);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await dialog.getByText(`${m.activityFileNotZip} ${m.activityH5pToo}`).waitFor();
    await name.fill('');

    // The package's own title fills the empty name: a SCORM manifest, then an H5P package.
    await file.setInputFiles({
      name: 'fractions.zip',
      mimeType: 'application/zip',
      buffer: buildScorm12Package({ title: 'Les fractions' }),
    });
    await expect.poll(() => name.inputValue()).toBe('Les fractions');
    await dialog.getByText(m.defaultTitleHint).waitFor();
    expect(await dialog.getByText(`${m.activityFileNotZip} ${m.activityH5pToo}`).count()).toBe(0);
    await file.setInputFiles({
      name: 'quiz.h5p',
      mimeType: 'application/octet-stream',
      buffer: buildH5pPackage(),
    });
    await expect.poll(() => name.inputValue()).toBe('Quiz Ardoise');
    await file.setInputFiles({
      name: 'cours.zip',
      mimeType: 'application/zip',
      buffer: buildCmi5Package({ courseTitle: 'Cours de conjugaison' }),
    });
    await expect.poll(() => name.inputValue()).toBe('Cours de conjugaison');
    // A name the admin typed stays.
    await name.fill('Conjugaison, mon titre');
    await file.setInputFiles({
      name: 'fractions.zip',
      mimeType: 'application/zip',
      buffer: buildScorm12Package({ title: 'Les fractions' }),
    });
    await dialog.getByText(m.defaultTitleHint).waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('Conjugaison, mon titre');
    await scan({ dialogOpen: true });

    // One file: "1 fichier", in the summary strip and in the audit log.
    await name.fill('Page seule');
    await file.setInputFiles({
      name: 'seule.zip',
      mimeType: 'application/zip',
      buffer: buildZip({
        'index.html': '<!doctype html><html lang="fr"><title>Seule</title><p>Seule</p></html>',
      }),
    });
    await dialog.getByRole('button', { name: m.add, exact: true }).click();
    await dialog.getByTestId('package-summary').waitFor();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await page.getByRole('link', { name: 'Page seule' }).click();
    await page.getByTestId('package-strip').getByText('1 fichier ·').waitFor();
    await page.goto(`${server.url}/audit`);
    await page
      .getByTestId('audit-row')
      .getByText(
        'a déposé l’activité « Page seule » (HTML5, 1 fichier) dans la séance « Séance des paquets »',
      )
      .waitFor();
    await page.getByTestId('audit-row').first().getByTestId('copy-button').waitFor();
    await scan();
  });
});

describe('ordering the curriculum', () => {
  const ids = (sessionId: number) =>
    server.db
      .selectFrom('activities')
      .select('title')
      .where('session_id', '=', sessionId)
      .orderBy('position')
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => row.title));
  const handle = (p: Page, title: string) => p.getByRole('button', { name: `Déplacer « ${title} »` });

  /** Drags a row's handle to another row's place, with the mouse or a finger (CDP touch events). */
  async function drag(p: Page, from: string, to: string, input: 'mouse' | 'touch') {
    const start = (await handle(p, from).boundingBox())!;
    const end = (await handle(p, to).boundingBox())!;
    const x = start.x + start.width / 2;
    const [y0, y1] = [start.y + start.height / 2, end.y + end.height / 2 + (end.y > start.y ? 8 : -8)];
    const steps = Array.from({ length: 12 }, (_, i) => y0 + ((y1 - y0) * (i + 1)) / 12);
    if (input === 'mouse') {
      await p.mouse.move(x, y0);
      await p.mouse.down();
      for (const y of steps) await p.mouse.move(x, y);
      await p.mouse.up();
      return;
    }
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
    for (const y of steps)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  it('reorders activities with the mouse, the keyboard and a finger, and keeps the order', async () => {
    const { sessionId } = await createSessionPath(server.db, { session: 'Séance à ordonner' });
    for (const title of ['Lire', 'Écrire', 'Compter']) await createActivity(server.db, sessionId, { title });
    await page.goto(`${server.url}/session/${sessionId}`);
    await handle(page, 'Compter').waitFor();

    // The mouse: "Compter" to the top.
    await drag(page, 'Compter', 'Lire', 'mouse');
    await toast(m.reordered).waitFor();
    await expect.poll(() => ids(sessionId)).toEqual(['Compter', 'Lire', 'Écrire']);

    // The keyboard: Space picks "Lire" up, the arrow moves it down one place, Space drops it; each
    // step is announced.
    const announced = (text: string) =>
      expect.poll(() => page.locator('[role="status"][id^="DndLiveRegion"]').textContent()).toBe(text);
    // dnd-kit's keyboard sensor listens for the arrows from a task it queues as the row is picked up
    // (setTimeout 0); a task queued now runs after it, so the next key is heard.
    const picked = async (text: string) => {
      await announced(text);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    };
    /** Picks "Lire" (of the 3 rows) up at `from` and moves it one place with `arrow`, to `to`. */
    const pickUpLireAndMove = async (from: number, arrow: 'ArrowUp' | 'ArrowDown', to: number) => {
      await handle(page, 'Lire').focus();
      await page.keyboard.press('Space');
      await picked(m.reorderPicked('Lire', from, 3));
      await page.keyboard.press(arrow);
      await announced(m.reorderMoved('Lire', to, 3));
    };
    await pickUpLireAndMove(2, 'ArrowDown', 3);
    await page.keyboard.press('Space');
    await announced(m.reorderDropped('Lire', 3, 3));
    await expect.poll(() => ids(sessionId)).toEqual(['Compter', 'Écrire', 'Lire']);
    // Escape puts a picked-up row back.
    await pickUpLireAndMove(3, 'ArrowUp', 2);
    await page.keyboard.press('Escape');
    await announced(m.reorderCancelled('Lire', 3));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('activities-list').getByRole('link').allTextContents())
      .toEqual(['1Compter', '2Écrire', '3Lire']);

    // A finger, on a phone.
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    await signInThroughForm(
      phone,
      server.url,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      /\/dashboard$/,
    );
    await phone.goto(`${server.url}/session/${sessionId}`);
    await handle(phone, 'Lire').waitFor();
    await drag(phone, 'Lire', 'Compter', 'touch');
    await expect.poll(() => ids(sessionId)).toEqual(['Lire', 'Compter', 'Écrire']);
    await context.close();
  });
});
