// A running server and a page signed in as the first admin: the start of every admin-screen E2E file;
// and what the admin preview tests add to it (an activity to preview, its preview folder).
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import { createActivity } from '../../server/fixtures/factories.js';
import { packageFileKey } from '../../server/storage/keys.js';
import { LocalFileStore } from '../../server/storage/local-store.js';
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

/** From a signed-in admin's app page: the activity's preview folder, on its package's own origin
 * with a pass in its path, as /activity-preview/{id} asks for it before it frames the preview
 * player. */
export async function previewFolder(page: Page, activityId: number): Promise<URL> {
  const answer = await page.evaluate(async (id) => {
    const token = sessionStorage.getItem('token');
    const response = await fetch(`/api/content/preview/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.text() };
  }, activityId);
  if (answer.status !== 200) throw new Error(`the preview folder answered ${answer.status}`);
  return new URL((JSON.parse(answer.body) as { folder: string }).folder);
}

/** Stores a package's files unpacked as the upload does and adds its activity to the session. */
export async function seedPreviewActivity(
  server: RunningServer,
  sessionId: number,
  activity: { title: string; kind: PackageKind; launch: string },
  packageFiles: Record<string, string>,
): Promise<number> {
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const hash = crypto.createHash('sha256').update(JSON.stringify(packageFiles)).digest('hex');
  for (const [name, content] of Object.entries(packageFiles)) {
    await files.write(packageFileKey(hash, name.split('/')), Buffer.from(content));
  }
  const { id } = await createActivity(server.db, sessionId, { title: activity.title, packageHash: hash });
  await server.db
    .updateTable('activities')
    .set({ package_kind: activity.kind, launch_path: activity.launch })
    .where('id', '=', id)
    .execute();
  return id;
}
