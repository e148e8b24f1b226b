// Debian's Chromium driven by playwright-core, with the flags this machine needs.
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { beforeEach, expect } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Debian's headless shell (package chromium-headless-shell): the same Blink, V8 and network
 * stack as /usr/bin/chromium without the browser's window layers. Measured on the whole E2E suite
 * here: 609 → 431 s of CPU, 312 → 224 s wall (docs/decisions.md). CHROMIUM_PATH picks another. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form and waits for the role's landing page. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string; code?: string },
  landing: RegExp,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(credentials.password);
  if (credentials.code) await page.getByLabel(/code/i).fill(credentials.code);
  await page.getByRole('button', { name: /sign in|se connecter|connexion/i }).click();
  await page.waitForURL(landing);
}

/** A new page in its own browser context, signed in through the login form. */
export async function newSignedInPage(
  browser: Browser,
  baseUrl: string,
  credentials: { email: string; password: string },
  landing: RegExp,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport);
  await signInThroughForm(opened.page, baseUrl, credentials, landing);
  return opened;
}

/** axe-core scan of the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast sliding in or fading out is half transparent; axe would measure its contrast mid-way,
  // and a toast's timer can run out during a scan. The scan reads the screen the user reads once
  // it has settled: for its length, the page prefers reduced motion (the app's CSS and sonner's
  // then end every transition at once), and it waits for what is still moving (spinners loop
  // forever: ignored).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // AxeBuilder gathers the results of several frames in a blank page of its own (about 1 s of CPU
  // per scan); a page without frames gets the same rules run in place.
  const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Resolves once the page has painted a frame and run the tasks queued before it: what a click or
 * an answer set off at once is on screen (a wait on the page's own work, not on a clock). */
export function pageSettled(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/** The open dialog, once its opening animation has ended (axe and screenshots see it settled).
 * A loading skeleton's pulse never ends, and is cancelled when its data arrives: only the finite
 * animations are waited for, and a cancelled one counts as ended. */
export async function openedDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return dialog;
}

/** What each watched page logged last: console errors, page errors, 4xx/5xx answers, navigations. */
const heard = new WeakMap<Page, string[]>();

/** Starts keeping what `page` logs, for describePageOnFailure (once per page). */
export function watchPage(page: Page): void {
  if (heard.has(page)) return;
  const lines: string[] = [];
  heard.set(page, lines);
  const note = (line: string) => lines.push(line) > 30 && lines.shift();
  page.on('console', (message) => message.type() === 'error' && note(`console: ${message.text()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('response', async (answer) => {
    if (answer.status() < 400) return;
    // The API's refusals say why in their body ({ message }): the first words of it.
    const body = await answer.text().catch(() => '');
    note(`${answer.status()} ${answer.url()} ${body.replace(/\s+/g, ' ').slice(0, 200)}`.trimEnd());
  });
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`at ${frame.url()}`));
}

/** When a test of this file fails, prints what its page (`currentPage()` then) showed and logged
 * last (URL, visible text, console errors, failed answers): a failure in CI says where the page
 * was, not only what did not appear. Pages a test opens itself are watched with watchPage. */
export function describePageOnFailure(currentPage: () => Page | undefined): void {
  beforeEach(({ onTestFailed }) => {
    const page = currentPage();
    if (page) watchPage(page);
    onTestFailed(async () => {
      const failed = currentPage();
      if (!failed || failed.isClosed()) return;
      const text = await failed
        .evaluate(() => {
          const text = (element: Element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ');
          const alerts = [...document.querySelectorAll('[role="alert"]')].map(text).filter(Boolean);
          return `${text(document.body).slice(0, 1500)}${alerts.length ? `\nalerts: ${alerts.join(' | ')}` : ''}`;
        })
        .catch((error: Error) => `(page unreadable: ${error.message})`);
      console.error([`page at ${failed.url()}`, `shows: ${text}`, ...(heard.get(failed) ?? [])].join('\n'));
    });
  });
}

/** describePageOnFailure for a file whose tests open their own pages: the page a failure describes
 * is the one last passed to the returned function (which also starts watching it). */
export function describeLatestPageOnFailure(): (page: Page) => void {
  let latest: Page | undefined;
  describePageOnFailure(() => latest);
  return (page) => {
    latest = page;
    watchPage(page);
  };
}
