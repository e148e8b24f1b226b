// Benchmark of the offline player (DESIGN §9) in headless Chromium against the production build
// (run `npm run build` first): a generated 30 MB / 1,500-file package. Measures, in the page,
// - the floor: fetch the same package with the same URL and unzip it (fflate) in the same page;
// - cold open: click on the activity in the learning table until the activity is shown (fresh
//   browser storage: download, unzip in the worker, store in IndexedDB, service worker);
// - re-open: back to the table and click again (the offline copy is current: 304, no download).
// Targets: cold ≤ 2× floor, re-open ≤ 300 ms. Prints the medians of RUNS fresh contexts.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInThroughForm } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';
import { insertMissingActivityEntries } from '../server/features/groups/group-entries.repository.js';
import { buildLevel, storePackage } from '../server/features/learning-table/learner.factories.js';
import { FileStore } from '../server/storage/file-store.js';
import { createGroup, createTeacher, DEFAULT_PASSWORD } from '../server/test/factories.js';
import { buildZip } from '../server/test/fixtures.js';

const FILES = 1_500;
const FILE_BYTES = 20 * 1024; // 1,500 × 20 KiB ≈ 30 MB
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Half media-like (random, incompressible), half text-like (compressible) files, and an index. */
function generatePackage(): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < FILES - 1; i++) {
    const media = i % 2 === 0;
    files[`assets/${media ? 'media' : 'text'}/file-${i}.${media ? 'bin' : 'js'}`] = media
      ? crypto.randomBytes(FILE_BYTES)
      : new TextEncoder().encode(
          `/* fichier ${i} : ${crypto.randomBytes(8).toString('hex')} */ `
            .repeat(FILE_BYTES / 40)
            .slice(0, FILE_BYTES),
        );
  }
  files['index.html'] = new TextEncoder().encode(
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Bench</title></head><body><h1 id="ok">Activité de 30 Mo</h1></body></html>',
  );
  return buildZip(files);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Clicks the activity button in the page and resolves with the ms until the activity is shown.
 * (A string, so that the page runs exactly this code.) */
const CLICK_TO_SHOWN = `new Promise((resolve) => {
  const start = performance.now();
  document.querySelector('[data-status]').click();
  const check = () => {
    const frame = document.querySelector('iframe[title="Activité"]');
    if (frame && !frame.classList.contains('invisible')) resolve(performance.now() - start);
    else requestAnimationFrame(check);
  };
  check();
})`;
const clickToShown = (page: Page) => page.evaluate<number>(CLICK_TO_SHOWN);

/** Downloads and unzips the package in the page with fflate; resolves with the ms it took. */
const downloadAndUnzip = (entryId: number) => `(async () => {
  const token = sessionStorage.getItem('token') ?? '';
  const start = performance.now();
  const response = await fetch('/api/user/activity/download/${entryId}?token=' + encodeURIComponent(token), { cache: 'no-store' });
  const files = window.fflate.unzipSync(new Uint8Array(await response.arrayBuffer()));
  if (Object.keys(files).length < 1000) throw new Error('unzip failed');
  return performance.now() - start;
})()`;

const ENTRY_ID = (groupId: number) => `(async () => {
  const token = sessionStorage.getItem('token');
  const table = await fetch('/api/user/usertable/${groupId}', { headers: { authorization: 'Bearer ' + token } }).then((r) => r.json());
  return table.res.period[0].groupslesson[0].sessions[0].activities[0].id;
})()`;

async function main() {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    const files = new FileStore(path.join(server.dataDir, 'files'));
    const zip = generatePackage();
    const hash = await storePackage(files, zip);
    const level = await buildLevel(server.db, [[{ sessions: [1] }]], { packageHash: hash });
    const teacher = await createTeacher(server.db, { levelIds: [level.levelId] });
    console.log(
      `package: ${FILES} files, ${(zip.length / 1e6).toFixed(1)} MB zipped, ${((FILES * FILE_BYTES) / 1e6).toFixed(1)} MB unzipped`,
    );

    browser = await launchBrowser();
    const floors: number[] = [];
    const colds: number[] = [];
    const warms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const group = await createGroup(server.db, teacher.id, level.levelId);
      await insertMissingActivityEntries(server.db, group.id, level.levelId);
      // Fresh storage each run (no IndexedDB, no service worker); CSP bypassed only so that the
      // floor measurement can load fflate into the same page.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      await signInThroughForm(
        page,
        server.url,
        { email: teacher.email, password: DEFAULT_PASSWORD },
        /\/user$/,
      );
      await page.goto(`${server.url}/usertable/${group.id}`);
      await page.locator('[data-status]').first().waitFor();
      // Measured on a quiet page: the table has finished loading (the player frame it warms included).
      await page.waitForLoadState('networkidle');
      const entryId = await page.evaluate<number>(ENTRY_ID(group.id));

      await page.addScriptTag({ path: path.resolve('node_modules/fflate/umd/index.js') });
      floors.push(await page.evaluate<number>(downloadAndUnzip(entryId)));

      colds.push(await clickToShown(page));
      await page.getByRole('button', { name: 'Retour' }).click();
      await page.locator('[data-status="completed"]').first().waitFor();
      warms.push(await clickToShown(page));
      await context.close();
      console.log(
        `run ${run + 1}: floor ${floors.at(-1)!.toFixed(0)} ms, cold ${colds.at(-1)!.toFixed(0)} ms, re-open ${warms.at(-1)!.toFixed(0)} ms`,
      );
    }
    const floor = median(floors);
    const cold = median(colds);
    const warm = median(warms);
    console.log(`\nmedians of ${RUNS} runs in headless Chromium`);
    console.log(`floor (download + unzip in the page)   ${floor.toFixed(0)} ms`);
    console.log(
      `cold open, click → activity shown      ${cold.toFixed(0)} ms  = ${(cold / floor).toFixed(2)}× floor (target ≤ 2×): ${cold <= 2 * floor ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `re-open, click → activity shown        ${warm.toFixed(0)} ms  (target ≤ 300 ms): ${warm <= 300 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();
