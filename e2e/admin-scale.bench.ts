// Benchmark (docs/decisions.md#performance-budgets): the admin lists at 5,000 schools / 50,000 teachers. Starts the production
// build on a fresh database, seeds it, and in Chromium measures the first load of each list (split
// around its API request) and, per search keystroke, the time from the key event to the next paint
// and to the paint of the updated list. Prints the figures; exits 1 when keystroke→paint p95 is over
// budget.
// Run: `npm run bench:admin-lists` (builds first).
import type { Page } from 'playwright-core';
import { seedAdminScale } from '../scripts/seed-admin-scale.js';
import { newAdminPage } from './support/admin-session.js';
import { launchBrowser } from './support/browser.js';
import { startServer } from './support/server.js';

const SCHOOLS = 5_000;
const TEACHERS = 50_000;
const BUDGET_MS = 50;
const QUERIES = ['martin', 'lyon', 'ecole 4', 'teacher12', 'zzz'];

type Stats = { keystrokes: number; median: number; p95: number; max: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { keystrokes: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

type Typing = { paint: number[]; list: number[] };

/**
 * Types each query into the search box one key at a time. For each key: `paint`, the time from the
 * key event to the next paint (rAF + task after it); `list`, the time to the paint after the list
 * itself changed (the search runs in a deferred render, so it may come a frame or more later; a key
 * whose update React dropped for the next key's has no `list` sample).
 */
async function measureTyping(page: Page, placeholder: string): Promise<Typing> {
  await page.evaluate(() => {
    const w = window as unknown as { __paint: number[]; __list: number[]; __key: number | null };
    w.__paint = [];
    w.__list = [];
    w.__key = null;
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        w.__key = start;
        // Inline (no named helper): the bundler's name wrappers do not exist in the page.
        requestAnimationFrame(() => setTimeout(() => w.__paint.push(performance.now() - start), 0));
      },
      true,
    );
    new MutationObserver((mutations) => {
      const start = w.__key;
      if (start === null || mutations.every((m) => (m.target as Element).tagName === 'INPUT')) return;
      w.__key = null;
      requestAnimationFrame(() => setTimeout(() => w.__list.push(performance.now() - start), 0));
    }).observe(document.querySelector('main') ?? document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  const search = page.getByPlaceholder(placeholder);
  for (const query of QUERIES) {
    await search.fill('');
    await search.click();
    for (const key of query) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(60);
    }
    for (let i = 0; i < query.length; i++) {
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(60);
    }
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as { __paint: number[]; __list: number[] };
    return { paint: w.__paint, list: w.__list };
  });
}

type Load = {
  shownMs: number;
  ttfbMs: number;
  downloadMs: number;
  afterResponseMs: number;
  wireKb: number;
  jsonMb: number;
};

/** Opens the list and splits the time until its first row shows around the list request. */
async function timeListLoad(page: Page, url: string, rowTestId: string, api: string): Promise<Load> {
  await page.goto(url.replace(/\/[^/]*$/, '/dashboard'));
  await page.waitForTimeout(300);
  const started = Date.now();
  await page.goto(url);
  await page.getByTestId(rowTestId).first().waitFor({ timeout: 60_000 });
  const shownMs = Date.now() - started;
  const timing = await page.evaluate((name) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes(name)) as PerformanceResourceTiming;
    return {
      ttfb: entry.responseStart - entry.requestStart,
      download: entry.responseEnd - entry.responseStart,
      end: entry.responseEnd,
      wire: entry.encodedBodySize,
      json: entry.decodedBodySize,
    };
  }, api);
  return {
    shownMs,
    ttfbMs: timing.ttfb,
    downloadMs: timing.download,
    afterResponseMs: shownMs - timing.end,
    wireKb: timing.wire / 1024,
    jsonMb: timing.json / 1024 / 1024,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const server = await startServer();
let overBudget = false;
try {
  const seedStart = performance.now();
  await seedAdminScale(server.db, { schools: SCHOOLS, teachers: TEACHERS });
  console.log(
    `seeded ${SCHOOLS} schools, ${TEACHERS} teachers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const browser = await launchBrowser();
  const { page } = await newAdminPage(browser, server);

  for (const [label, path, rowId, placeholder, api] of [
    ['schools (5,000)', '/schools', 'school-row', 'Search schools...', 'admin/getschools'],
    ['teachers (50,000)', '/teachers', 'teacher-row', 'Search teachers...', 'admin/getteachers'],
  ] as const) {
    const load = await timeListLoad(page, `${server.url}${path}`, rowId, api);
    const rendered = await page.getByTestId(rowId).count();
    const typing = await measureTyping(page, placeholder);
    if (process.env.BENCH_VERBOSE) {
      console.log('paint', typing.paint.map((s) => s.toFixed(0)).join(' '));
      console.log('list ', typing.list.map((s) => s.toFixed(0)).join(' '));
    }
    const paint = stats(typing.paint);
    const list = stats(typing.list);
    const verdict = paint.p95 <= BUDGET_MS ? 'OK' : 'OVER BUDGET';
    if (paint.p95 > BUDGET_MS) overBudget = true;
    console.log(
      `${label}: first load ${load.shownMs} ms to the first row (request: ${ms(load.ttfbMs)} to the first byte, ` +
        `${ms(load.downloadMs)} download, ${load.wireKb.toFixed(0)} KB on the wire for ${load.jsonMb.toFixed(1)} MB of JSON; ` +
        `then ${ms(load.afterResponseMs)} to parse and render), ${rendered} rows in the DOM`,
    );
    console.log(
      `  keystroke→paint over ${paint.keystrokes} keys: median ${ms(paint.median)}, p95 ${ms(paint.p95)}, ` +
        `max ${ms(paint.max)} (budget p95 ≤ ${BUDGET_MS} ms: ${verdict})`,
    );
    console.log(
      `  keystroke→list updated over ${list.keystrokes} keys: median ${ms(list.median)}, p95 ${ms(list.p95)}, max ${ms(list.max)}`,
    );
  }
  await browser.close();
} finally {
  await server.close();
}
process.exit(overBudget ? 1 : 0);
