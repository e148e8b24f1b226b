// The bulk import of schools and teachers in Chromium against the production build:
// "Importer" on /schools and /teachers, the model, the CSV's declared encoding, a preview of every
// row with its action or its errors and line, nothing writable while a row has an error, the progress bar, "Confirmer
// l'import…", the summary, and the new teachers' sign-in links offered once.
import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../common/messages/account-access.js';
import { importMessages as m } from '../common/messages/imports.js';
import { importColumns } from '../common/schemas/imports.js';
import { createLevel } from '../server/fixtures/factories.js';
import { csvFile, uaiFor, type XlsxCell, xlsxFile } from '../server/fixtures/import-files.js';
import { newAdminPage } from './support/admin-session.js';
import { describePageOnFailure, expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { expectFrench } from './support/french.js';
import { fillNewPassword } from './support/password-fields.js';
import { keepScreenshot, photograph } from './support/photograph.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ page } = await newAdminPage(browser, server));
  await createLevel(server.db, 'CP');
  await createLevel(server.db, 'CE1');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
describePageOnFailure(() => page);

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const chooseFile = (name: string, mimeType: string, buffer: Buffer) =>
  page.setInputFiles('#import-file', { name, mimeType, buffer });

/** École Pasteur, the valid school of both schools-import files, its licence start as the file holds it. */
const pasteur = <Cell extends XlsxCell>(licenceStart: Cell) => [
  uaiFor(5_000_001),
  'École Pasteur',
  'Lille',
  '',
  '',
  '0320000000',
  '',
  licenceStart,
  '31/08/2027',
  'CP',
  '',
];

const counts = () => page.getByTestId('import-counts').textContent();
const confirmButton = () => page.getByRole('button', { name: /^Confirmer l’import/ });

describe('the schools import', () => {
  it('opens from /schools, offers its model, previews errors with their lines and writes nothing until they are fixed', async () => {
    await page.goto(`${server.url}/schools`);
    await page.getByRole('link', { name: m.importButton }).click();
    await page.waitForURL(/\/schools\/import$/);
    await page.getByRole('heading', { name: m.schoolsTitle }).waitFor();
    await expectFrench(page, 'import screen 1');
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: m.template }).click();
    const model = await fs.readFile(await (await download).path());
    expect(model.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${importColumns.schools.join(';')}`);

    const rows = [
      pasteur('01/09/2026'),
      ['0750654A', 'Mauvaise clé', 'Paris', '', '', '0100000000', '', '01/09/2026', '31/08/2027', '', ''],
      [uaiFor(5_000_002), '', 'Lyon', '', '', '0400000000', '', '2026-09-01', '2025-09-01', 'Terminale', ''],
    ];
    // A CSV from an older Excel is Windows-1252: read as UTF-8 (the default), it is refused with the
    // line of its first accent; declared, it is read again at once.
    await chooseFile('ecoles.csv', CSV, csvFile(importColumns.schools, rows, { encoding: 'win1252' }));
    await page.getByTestId('import-error').getByText(m.notUtf8(2)).waitFor();
    await expectFrench(page, 'import-schools-not-utf8');
    await expectAccessible(page);
    await keepScreenshot(page, 'import-schools-not-utf8-1280', { fullPage: true });
    await photograph(page, 'import-schools-not-utf8');
    await page.getByLabel(m.encodingLabel).selectOption('windows-1252');
    await expect.poll(counts).toBe(m.counts({ rows: 3, create: 1, update: 0, unchanged: 0, errors: 2 }));
    await page.getByTestId('import-blocked').getByText(m.blocked(2)).waitFor();
    expect(await confirmButton().isDisabled()).toBe(true);
    // Errors first: the rows in error are what the admin has to fix.
    const errorRows = page.getByTestId('import-row');
    await expect.poll(() => errorRows.count()).toBe(2);
    // The errors column (on a phone, the errors follow the row's content instead).
    const errorsOf = (index: number) => errorRows.nth(index).locator('td').nth(3);
    await errorsOf(0).getByText(m.invalidUai('0750654A')).waitFor();
    await errorsOf(1).getByText(m.required('nom')).waitFor();
    await errorsOf(1).getByText(m.unknownLevel('Terminale')).waitFor();
    await errorsOf(1).getByText(m.endBeforeStart).waitFor();
    expect(await errorRows.nth(1).locator('td').first().textContent()).toBe('4');
    await page.getByRole('button', { name: m.filterAll }).click();
    await expect.poll(() => page.getByTestId('import-row').count()).toBe(3);
    await expectFrench(page, 'import-schools-errors');
    await expectAccessible(page);
    await keepScreenshot(page, 'import-schools-errors-1280', { fullPage: true });
    await photograph(page, 'import-schools-errors');
    const stored = await server.db.selectFrom('schools').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('previews a clean XLSX file, writes it all, and finds nothing to change the second time', async () => {
    await page.goto(`${server.url}/schools/import`);
    const workbook = await xlsxFile(importColumns.schools, [
      pasteur(new Date(Date.UTC(2026, 8, 1))),
      [
        uaiFor(5_000_003),
        'Collège Camus',
        'Arras',
        '',
        '',
        '0321000000',
        '',
        '01/09/2026',
        '31/08/2027',
        'CP|CE1',
        '',
      ],
    ]);
    await chooseFile('ecoles.xlsx', XLSX, workbook);
    await expect.poll(counts).toBe(m.counts({ rows: 2, create: 2, update: 0, unchanged: 0, errors: 0 }));
    await confirmButton().click();
    await page
      .getByTestId('import-done')
      .getByText(m.done({ created: 2, updated: 0, unchanged: 0 }))
      .waitFor();
    await photograph(page, 'import-schools-done');
    const names = await server.db.selectFrom('schools').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['Collège Camus', 'École Pasteur']);

    await page.getByRole('link', { name: m.backToList }).click();
    await page.waitForURL(/\/schools$/);
    await page.getByText('Collège Camus').waitFor();

    await page.goto(`${server.url}/schools/import`);
    await chooseFile('ecoles.xlsx', XLSX, workbook);
    await expect.poll(counts).toBe(m.counts({ rows: 2, create: 0, update: 0, unchanged: 2, errors: 0 }));
    await page.getByText(m.nothingToWrite).waitFor();
    expect(await confirmButton().isDisabled()).toBe(true);
  });

  it('does not overwrite a school changed since its preview: it names it, and the preview read again shows it', async () => {
    await page.goto(`${server.url}/schools/import`);
    const renamed = [...pasteur('01/09/2026')];
    renamed[1] = 'École Louis Pasteur';
    await chooseFile('ecoles.csv', CSV, csvFile(importColumns.schools, [renamed]));
    await expect.poll(counts).toBe(m.counts({ rows: 1, create: 0, update: 1, unchanged: 0, errors: 0 }));
    // Another admin renames the school meanwhile.
    await server.db
      .updateTable('schools')
      .set({ name: 'École Pasteur (annexe)', updated_at: new Date().toISOString() })
      .where('uai', '=', uaiFor(5_000_001))
      .execute();
    await confirmButton().click();
    const refused = page.getByTestId('import-error');
    await refused.getByText(m.changedSincePreview([{ line: 2, key: uaiFor(5_000_001) }])).waitFor();
    await expectFrench(page, 'import-schools-changed');
    await expectAccessible(page);
    await keepScreenshot(page, 'import-schools-changed-1280', { fullPage: true });
    await photograph(page, 'import-schools-changed');
    const stored = () =>
      server.db.selectFrom('schools').select('name').where('uai', '=', uaiFor(5_000_001)).executeTakeFirst();
    expect((await stored())?.name).toBe('École Pasteur (annexe)');
    // The preview no longer says what Ardoise holds: the import waits for it to be read again.
    expect(await confirmButton().isDisabled()).toBe(true);

    await refused.getByRole('button', { name: m.previewAgain }).click();
    await expect.poll(counts).toBe(m.counts({ rows: 1, create: 0, update: 1, unchanged: 0, errors: 0 }));
    await confirmButton().click();
    await page
      .getByTestId('import-done')
      .getByText(m.done({ created: 0, updated: 1, unchanged: 0 }))
      .waitFor();
    expect((await stored())?.name).toBe('École Louis Pasteur');
  });
});

describe('the teachers import', () => {
  it('shows its progress, creates the teachers, and offers their sign-in links once, which let them in', async () => {
    await page.goto(`${server.url}/teachers`);
    await page.getByRole('link', { name: m.importButton }).click();
    await page.waitForURL(/\/teachers\/import$/);
    const rows = Array.from({ length: 3_000 }, (_, index) => [
      `enseignant${index}@exemple.fr`,
      `Nom ${index}`,
      `Prénom ${index}`,
      '0612345678',
      uaiFor(5_000_001 + (index % 2) * 2),
      index % 2 ? 'CP|CE1' : 'CE1',
      '',
      index % 3 ? '' : '4',
    ]);
    const file = csvFile(importColumns.teachers, rows, { delimiter: ',' });
    // A slow uplink, so that the bar is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await chooseFile('enseignants.csv', CSV, file);
    const bar = page.getByTestId('import-progress').getByRole('progressbar', { name: m.progressLabel });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await photograph(page, 'import-teachers-progress');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(counts, { timeout: 30_000 })
      .toBe(m.counts({ rows: 3_000, create: 3_000, update: 0, unchanged: 0, errors: 0 }));
    await expectFrench(page, 'import-teachers-preview');
    await expectAccessible(page);
    await photograph(page, 'import-teachers-preview', { fullPage: false });

    await confirmButton().click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await page.getByText(m.linksText(3_000, false)).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: m.linksDownload }).click();
    const bytes = await fs.readFile(await (await download).path());
    const links = bytes.toString('utf8').trimEnd().split('\r\n');
    expect(links[0]).toBe(`\uFEFF${m.linksFileHeader.join(';')}`);
    expect(links).toHaveLength(3_001);
    const [email, url] = links.find((line) => line.startsWith('enseignant42@'))!.split(';');
    expect(email).toBe('enseignant42@exemple.fr');
    await photograph(page, 'import-teachers-done');

    const teacher = await newPage(browser);
    await teacher.page.goto(url!);
    await teacher.page.getByText(signInLinkMessages.pageIntro('enseignant42@exemple.fr')).waitFor();
    await fillNewPassword(teacher.page, 'mot-de-passe-42');
    await teacher.page.getByRole('button', { name: signInLinkMessages.submit }).click();
    await teacher.page.waitForURL(/\/user$/);
    await teacher.page.getByText('CE1').first().waitFor();
    await teacher.context.close();
  });
});
