// The current screen at 1366 and 390 px wide: checks that nothing makes the page scroll sideways
// and, when SCREENSHOT_DIR is set (`SCREENSHOT_DIR=/tmp/shots npm run test:e2e`), saves a full-page
// screenshot of each width there to look at; the viewport is put back after.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SHOTS_DIR = process.env.SCREENSHOT_DIR;
const WIDTHS = { 1366: { width: 1366, height: 768 }, 390: { width: 390, height: 844 } };

/** `fullPage: false` for pages too long to picture whole (a preview of thousands of rows). */
export async function photograph(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (SHOTS_DIR) await fs.mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  try {
    await shootEachWidth(page, name, fullPage);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

async function shootEachWidth(page: Page, name: string, fullPage: boolean): Promise<void> {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 5_000,
      })
      .catch(async (error: unknown) => {
        // Name what sticks out, to find it without the picture.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)}`),
        );
        throw new Error(`${name} at ${width} px is wider than the screen: ${wide.join(', ')}`, {
          cause: error,
        });
      });
    if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage });
  }
}
