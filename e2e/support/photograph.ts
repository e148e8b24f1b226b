// The current screen at 1366 and 390 px wide: checks that nothing makes the page scroll sideways
// and, when SCREENSHOT_DIR is set (`SCREENSHOT_DIR=/tmp/shots npm run test:e2e`), saves a full-page
// screenshot of each width there to look at; the viewport is put back after. Without
// SCREENSHOT_DIR no picture is taken (a full-page PNG costs a few hundred ms of CPU).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SHOTS_DIR = process.env.SCREENSHOT_DIR;
const WIDTHS = { 1366: { width: 1366, height: 768 }, 390: { width: 390, height: 844 } };

/** `fullPage: false` for pages too long to picture whole (a preview of thousands of rows). */
export async function photograph(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const before = page.viewportSize();
  try {
    await shootEachWidth(page, name, fullPage);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** A picture of the screen as it is, in SCREENSHOT_DIR when it is set. */
export async function keepScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  await fs.mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}

async function shootEachWidth(page: Page, name: string, fullPage: boolean): Promise<void> {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    // Charts follow their container through a ResizeObserver: each must fit its new width too.
    await page
      .waitForFunction(
        () =>
          document.documentElement.scrollWidth <= window.innerWidth &&
          [...document.querySelectorAll('.recharts-responsive-container')].every(
            (box) =>
              Math.abs(
                (box.querySelector('.recharts-wrapper')?.getBoundingClientRect().width ?? 0) -
                  box.getBoundingClientRect().width,
              ) < 2,
          ),
        undefined,
        { timeout: 10_000 },
      )
      .catch(async (error: unknown) => {
        // Name what sticks out, to find it without the picture.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)}`),
        );
        throw new Error(
          `${name} at ${width} px is wider than the screen (or a chart than its box): ${wide.join(', ')}`,
          {
            cause: error,
          },
        );
      });
    await keepScreenshot(page, `${name}-${width}`, { fullPage });
  }
}
