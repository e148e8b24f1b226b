// Benchmark of the offline player (docs/decisions.md#performance-budgets) in headless Chromium against the production build
// (run `npm run build` first): a generated 30 MB / 1,500-file package. Measures, in the page,
// - the floor: fetch the same package with the same URL and unzip it (fflate) in the same page;
// - cold open: click on the activity in the learning table until the activity is shown (fresh
//   browser storage: download, unzip in the worker, store in IndexedDB, service worker);
// - re-open: back to the table and click again (the offline copy is current: 304, no download).
// Three series, RUNS fresh contexts each, medians printed: on loopback (no network time: the ratio
// there mostly measures docs/product.md#business-constants-and-limits's pauses), and under Chromium's network emulation (a school's
// connection: 20 Mbit/s down, 40 ms latency; floor and cold open under the same throttle) for the
// HTML5 package and for the same files as a SCORM 1.2 package played with the runtime; and the
// throttled HTML5 open once more with the player frame beside the table on another activity's
// origin (each activity plays on its own), which the click has to move.
// Targets: throttled cold ≤ 1.10× the throttled floor; re-open ≤ 300 ms.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PackageKind } from '../common/schemas/activity-package.js';
import { launchBrowser, signInThroughForm } from '../e2e/support/browser.js';
import { describeActivities, scormManifest, scormPage } from '../e2e/support/runtime-packages.js';
import { type RunningServer, startServer } from '../e2e/support/server.js';
import { insertMissingActivityEntries } from '../server/features/learning-table/learning-table.repository.js';
import { buildLevel, storePackage } from '../server/fixtures/curriculum.js';
import { createGroup, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { buildZip } from '../server/fixtures/files.js';
import { LocalFileStore } from '../server/storage/local-store.js';

const FILES = 1_500;
const FILE_BYTES = 20 * 1024; // 1,500 × 20 KiB ≈ 30 MB
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Only the series whose name holds this text (e.g. `BENCH_SERIES=SCORM`); all by default. */
const ONLY = process.env.BENCH_SERIES ?? '';

/** A school's connection, as Chromium's DevTools network emulation applies it. */
const THROTTLE = { latency: 40, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: -1, offline: false };

/** Half media-like (random, incompressible), half text-like (compressible) files, and the start
 * page: index.html, or a SCORM 1.2 SCO (with its manifest) that initializes the runtime. */
function generatePackage(kind: 'html5' | 'scorm12'): Buffer {
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
  const text = (value: string) => new TextEncoder().encode(value);
  if (kind === 'scorm12') {
    files['imsmanifest.xml'] = text(scormManifest('scorm12', 'index.html'));
    files['index.html'] = text(scormPage('scorm12', 'SCORM de 30 Mo'));
  } else {
    files['index.html'] = text(
      '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Bench</title></head><body><h1 id="ok">Activité de 30 Mo</h1></body></html>',
    );
  }
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

/** `elsewhere`: the player frame beside the table is on another activity's origin (the one played
 * last), so the click moves it to the opened activity's own (common/content/activity-origin.ts). */
type Series = { name: string; kind: 'html5' | 'scorm12'; throttled: boolean; elsewhere?: boolean };
type Run = { floor: number; cold: number; warm: number };

async function emulateNetwork(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
}

/** One fresh context: sign in, open a new group's table, then floor, cold open and re-open. */
async function measure(
  server: RunningServer,
  browser: Browser,
  setup: { teacher: { email: string; id: number }; levelId: number },
  { throttled, elsewhere = false }: Pick<Series, 'throttled' | 'elsewhere'>,
): Promise<Run> {
  const group = await createGroup(server.db, setup.teacher.id, setup.levelId);
  await insertMissingActivityEntries(server.db, group.id, setup.levelId);
  // Fresh storage each run (no IndexedDB, no service worker); CSP bypassed only so that the
  // floor measurement can load fflate into the same page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await signInThroughForm(
      page,
      server.url,
      { email: setup.teacher.email, password: DEFAULT_PASSWORD },
      /\/user$/,
    );
    if (elsewhere) {
      const otherActivity = { activityId: 999_999, namespace: '0'.repeat(64) };
      await page.evaluate(
        (value) => localStorage.setItem('ardoise:last-played', value),
        JSON.stringify(otherActivity),
      );
    }
    await page.goto(`${server.url}/usertable/${group.id}`);
    await page.locator('[data-status]').first().waitFor();
    // Measured on a quiet page: the table has finished loading (the player frame it warms included).
    await page.waitForLoadState('networkidle');
    const entryId = await page.evaluate<number>(ENTRY_ID(group.id));
    await page.addScriptTag({ path: path.resolve('node_modules/fflate/umd/index.js') });
    // The throttle covers the page and its (same-site, same-process) player frame.
    if (throttled) await emulateNetwork(context, page);
    const floor = await page.evaluate<number>(downloadAndUnzip(entryId));
    const cold = await clickToShown(page);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.locator('[data-status="completed"]').first().waitFor();
    const warm = await clickToShown(page);
    return { floor, cold, warm };
  } finally {
    await context.close();
  }
}

async function main() {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    const files = new LocalFileStore(path.join(server.dataDir, 'files'));
    const levels: Partial<Record<PackageKind, number>> = {};
    for (const kind of ['html5', 'scorm12'] as const) {
      const zip = generatePackage(kind);
      const level = await buildLevel(server.db, [[{ sessions: [1] }]], {
        packageHash: await storePackage(files, zip),
      });
      await describeActivities(server.db, level.lessons[0]![0]!.activityIds[0]!, {
        kind,
        root: '',
        launch: 'index.html',
      });
      levels[kind] = level.levelId;
      console.log(
        `${kind} package: ${FILES} files, ${(zip.length / 1e6).toFixed(1)} MB zipped, ${((FILES * FILE_BYTES) / 1e6).toFixed(1)} MB unzipped`,
      );
    }
    const teacher = await createTeacher(server.db, { levelIds: Object.values(levels) });
    const series: Series[] = [
      { name: 'HTML5, loopback', kind: 'html5', throttled: false },
      { name: 'HTML5, 20 Mbit/s + 40 ms', kind: 'html5', throttled: true },
      { name: 'SCORM 1.2 with the runtime, 20 Mbit/s + 40 ms', kind: 'scorm12', throttled: true },
      {
        name: 'HTML5, 20 Mbit/s + 40 ms, player frame on another activity’s origin',
        kind: 'html5',
        throttled: true,
        elsewhere: true,
      },
    ];

    browser = await launchBrowser();
    const summary: string[] = [];
    for (const { name, kind, ...network } of series.filter((s) => s.name.includes(ONLY))) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await measure(server, browser, { teacher, levelId: levels[kind]! }, network));
        const last = runs.at(-1)!;
        console.log(
          `${name}, run ${run + 1}: floor ${last.floor.toFixed(0)} ms, cold ${last.cold.toFixed(0)} ms (${(last.cold / last.floor).toFixed(2)}×), re-open ${last.warm.toFixed(0)} ms`,
        );
      }
      const floor = median(runs.map((r) => r.floor));
      const cold = median(runs.map((r) => r.cold));
      const warm = median(runs.map((r) => r.warm));
      const ratio = median(runs.map((r) => r.cold / r.floor));
      const target = network.throttled
        ? `target ≤ 1.10×: ${ratio <= 1.1 ? 'PASS' : 'FAIL'}`
        : 'loopback, for reference';
      summary.push(
        `${name}\n  floor (download + unzip in the page)  ${floor.toFixed(0)} ms\n` +
          `  cold open, click → activity shown     ${cold.toFixed(0)} ms, ${ratio.toFixed(2)}× floor (median of run ratios; ${target})\n` +
          `  re-open, click → activity shown       ${warm.toFixed(0)} ms (target ≤ 300 ms): ${warm <= 300 ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(`\nmedians of ${RUNS} runs per series in headless Chromium\n${summary.join('\n')}`);
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();
