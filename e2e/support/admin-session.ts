// A running server and a page signed in as the first admin: the start of every admin-screen E2E file.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newSignedInPage } from './browser.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

export type AdminSession = { server: RunningServer; browser: Browser; page: Page };

export async function startAdminSession(): Promise<AdminSession> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { page } = await newAdminPage(browser, server);
  return { server, browser, page };
}

/** A new page in its own browser context, signed in as the first admin (on the dashboard). */
export function newAdminPage(browser: Browser, server: RunningServer, viewport = DESKTOP) {
  const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  return newSignedInPage(browser, server.url, admin, /\/dashboard$/, viewport);
}

export async function stopAdminSession(session: Partial<AdminSession>): Promise<void> {
  await session.browser?.close();
  await session.server?.close();
}

/** From a signed-in admin's app page: exchanges a pass for the content origin's own cookie, as
 * /activity-preview/{id} does before it frames the preview player. */
export async function openContentPass(page: Page, contentUrl: string): Promise<void> {
  const status = await page.evaluate(async (content) => {
    const token = sessionStorage.getItem('token');
    const answer = await fetch('/api/content/pass', { headers: { authorization: `Bearer ${token}` } });
    const { pass } = (await answer.json()) as { pass: string };
    const exchanged = await fetch(`${content}/content/pass`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/plain' },
      body: pass,
    });
    return exchanged.status;
  }, contentUrl);
  if (status !== 204) throw new Error(`the content pass exchange answered ${status}`);
}
