// A running server and a page signed in as the first admin: the start of every admin-screen E2E file.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signInThroughForm } from './browser.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

export type AdminSession = { server: RunningServer; browser: Browser; page: Page };

export async function startAdminSession(): Promise<AdminSession> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { page } = await newPage(browser);
  await signInThroughForm(page, server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, /\/dashboard$/);
  return { server, browser, page };
}

export async function stopAdminSession(session: Partial<AdminSession>): Promise<void> {
  await session.browser?.close();
  await session.server?.close();
}
