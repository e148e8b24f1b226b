// Walks the admin and teacher screens at 1366×768 and 390×844 in Chromium: axe (serious/critical),
// horizontal overflow (something cut off on a phone), and a toast beside the open avatar menu.
// Screenshots go to SCREENSHOT_DIR. Run: `npm run build && SCREENSHOT_DIR=/tmp/shots npx tsx e2e/walk-screens.ts`.
// The suite's own walk (French text, tab titles, phone overflow) is e2e/screens.e2e.test.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import * as make from '../server/fixtures/factories.js';
import { launchBrowser, newPage, signInThroughForm } from './support/browser.js';
import { adminScreens, VIEWPORTS } from './support/screens.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './support/server.js';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots';

const findings: string[] = [];
// tsx keeps function names with a helper the page does not have: give the page a no-op one.
const NAME_SHIM = 'window.__name = (fn) => fn;';

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  for (const v of results.violations) {
    if (v.impact === 'serious' || v.impact === 'critical') {
      findings.push(
        `${label}: axe ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    }
  }
  // Wider than the viewport (a horizontal scroll on a phone) or an element past the right edge.
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Inside a scroll container (tables) is fine.
      let parent = el.parentElement;
      let scrolls = false;
      while (parent) {
        const ps = getComputedStyle(parent);
        if (/(auto|scroll)/.test(ps.overflowX) || /(hidden|clip)/.test(ps.overflowX)) {
          scrolls = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!scrolls && r.right > width + 1)
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} right=${Math.round(r.right)}`,
        );
    }
    return out.slice(0, 5);
  });
  for (const o of overflow) findings.push(`${label}: overflow ${o}`);
  await page.screenshot({ path: path.join(SHOTS, `${label}.png`), fullPage: false });
}

async function main() {
  await fs.mkdir(SHOTS, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const school = await make.createSchool(server.db, { name: 'École des Lilas' });
    const level = await make.createLevel(server.db, 'CP — Cours préparatoire');
    const period = await make.createPeriod(server.db, level.id, 'Période 1');
    const lesson = await make.createLesson(server.db, period.id, 'Les voyelles');
    const session = await make.createLessonSession(server.db, lesson.id, 'Séance 1');
    const teacher = await make.createTeacher(server.db, {
      firstname: 'Camille',
      name: 'Martin',
      school_id: school.id,
      levelIds: [level.id],
    });
    const screens = adminScreens({ school, teacher, level, period, lesson, session });
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await newPage(browser, viewport);
      await context.addInitScript(NAME_SHIM);
      await page.goto(`${server.url}/login`);
      await check(page, `${viewportName}-login`);
      await signInThroughForm(
        page,
        server.url,
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        /\/dashboard$/,
      );
      // The sign-in toast is up: open the avatar menu beside it.
      await page.getByTestId('user-menu-trigger').click();
      await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
      const overlap = await page.evaluate(() => {
        const menu = document.querySelector('[role="menu"]')?.getBoundingClientRect();
        const trigger = document.querySelector('[data-testid="user-menu-trigger"]')?.getBoundingClientRect();
        const toasts = Array.from(document.querySelectorAll('[data-sonner-toast]')).map((t) =>
          t.getBoundingClientRect(),
        );
        const hits = (a?: DOMRect, b?: DOMRect) =>
          !!a && !!b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return {
          toasts: toasts.length,
          overMenu: toasts.some((t) => hits(t, menu)),
          overTrigger: toasts.some((t) => hits(t, trigger)),
        };
      });
      if (overlap.overMenu || overlap.overTrigger)
        findings.push(`${viewportName}-avatar-menu: toast covers ${JSON.stringify(overlap)}`);
      await page.screenshot({ path: path.join(SHOTS, `${viewportName}-admin-avatar-menu-with-toast.png`) });
      console.log(viewportName, 'avatar/toast', JSON.stringify(overlap));
      await page.keyboard.press('Escape');
      for (const [name, url] of screens) {
        await page.goto(`${server.url}${url}`);
        await check(page, `${viewportName}-admin-${name}`);
      }
      await context.close();

      const teacherSide = await newPage(browser, viewport);
      await teacherSide.context.addInitScript(NAME_SHIM);
      await signInThroughForm(
        teacherSide.page,
        server.url,
        { email: teacher.email, password: make.DEFAULT_PASSWORD },
        /\/user$/,
      );
      await check(teacherSide.page, `${viewportName}-teacher-levels`);
      await teacherSide.page.goto(`${server.url}/usergroups/${level.id}`);
      await check(teacherSide.page, `${viewportName}-teacher-groups`);
      await teacherSide.page.goto(`${server.url}/no-such-page`);
      await check(teacherSide.page, `${viewportName}-teacher-not-found`);
      await teacherSide.context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(findings.length === 0 ? 'no findings' : findings.join('\n'));
}

await main();
