// Content that reads its own files with synchronous XHR (as Lectora reads its _tobj….txt), in a
// real browser against the real server: Chromium does not hand those requests to the service
// worker, the shim it adds to every page answers them from the player's memory, in the launch
// page, a nested frame and a page navigated to, with the network cut too, and again on a re-open
// (the held files then come from IndexedDB). Requests it cannot answer still reach the network.
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdminPage } from './support/admin-session.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { OTHER_NAMESPACE, SYNC_TEXT, syncXhrFiles } from './support/sync-xhr-package.js';
import { backToTable, openGroupTable, startActivity } from './support/teacher-area-pages.js';

const LEVEL = 'Module lecture synchrone';
const FIRST = 'Activité 1.1.1.1';

const setup = setupOnePackageLevel({ level: LEVEL, files: syncXhrFiles(), kind: 'scorm12' });

/** The XHRs under /local-activity/ the browser sent to the network (none of those the shim
 * answers): the file name, or 'autre paquet' for the other namespace. */
function networkReads(context: BrowserContext): string[] {
  const reads: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.includes('/local-activity/') || request.resourceType() !== 'xhr') return;
    reads.push(url.includes(OTHER_NAMESPACE) ? 'autre paquet' : (url.split('/').pop() ?? ''));
  });
  return reads;
}

const start = (page: Page): Promise<Frame> => startActivity(page, FIRST);

const nested = (page: Page) => {
  const frame = page.frames().find((f) => f.url().includes('/cadres/cadre.html'));
  if (!frame) throw new Error('nested frame missing');
  return frame;
};

describe('synchronous XHR to the package', () => {
  it('reads its own files in every page, and again on a re-open from the held copy', async () => {
    const { context, page } = await newTeacherPage(setup);
    const reads = networkReads(context);
    await openGroupTable(page, LEVEL, 'Synchrone');
    let frame = await start(page);
    await frame.getByText('API trouvée : true').waitFor();
    await frame.getByText(`Texte : 200 ${SYNC_TEXT}`).waitFor();
    await frame.getByText('Questions : 200 3').waitFor();
    // Not in the package, or in another package's namespace: not answered, the server says 404.
    await frame.getByText('Absent : 404').waitFor();
    await frame.getByText('Autre paquet : 404').waitFor();
    await nested(page).getByText(`Cadre : 200 ${SYNC_TEXT}`).waitFor();
    await frame.getByRole('link', { name: 'Suite' }).click();
    await frame.getByText('Suite : 200 la suite est là').waitFor();
    expect(reads).toEqual(['absent.txt', 'autre paquet']);

    // Re-open: the device holds the package (no download), the files come from IndexedDB.
    await backToTable(page);
    const downloaded = page.waitForResponse((r) => r.url().includes('/api/user/activity/download/'));
    frame = await start(page);
    expect((await downloaded).status()).toBe(304);
    await frame.getByText(`Texte : 200 ${SYNC_TEXT}`).waitFor();
    await frame.getByText('Questions : 200 3').waitFor();
    await nested(page).getByText(`Cadre : 200 ${SYNC_TEXT}`).waitFor();
    await frame.getByText('Autre paquet : 404').waitFor();
    expect(reads).toEqual(['absent.txt', 'autre paquet', 'absent.txt', 'autre paquet']);
    await context.close();
  });

  it('plays a frameset whose manager frame opens pages in its sibling frame, as Lectora does', async () => {
    const { context, page } = await newTeacherPage(setup);
    await openGroupTable(page, LEVEL, 'Cadres');
    const frame = await start(page);
    await frame.getByRole('link', { name: 'Jeu en cadres' }).click();
    // The sandbox lets a frame navigate only itself and its descendants: the shim's trivExitPage
    // in the waiting page is what lets the manager open the page.
    const opened = () => page.frames().find((f) => f.url().includes('/cadres/ouverte.html'));
    await expect.poll(() => opened() !== undefined).toBe(true);
    await opened()!.getByText(`Ouverte par la gestion : 200 ${SYNC_TEXT}`).waitFor();
    await context.close();
  });

  it('plays the same frameset in the admin preview (served by the content origin, sandboxed too)', async () => {
    const admin = await newAdminPage(setup.browser, setup.server);
    await admin.page.goto(`${setup.server.url}/activity-preview/${setup.activityId}`);
    const content = admin.page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await content.getByRole('link', { name: 'Jeu en cadres' }).click();
    const opened = () => admin.page.frames().find((f) => f.url().includes('/cadres/ouverte.html'));
    await expect.poll(() => opened() !== undefined).toBe(true);
    await opened()!.getByText(`Ouverte par la gestion : 200 ${SYNC_TEXT}`).waitFor();
    await admin.context.close();
  });

  it('reads them with the network cut after opening', async () => {
    const { context, page } = await newTeacherPage(setup);
    await openGroupTable(page, LEVEL, 'Hors ligne');
    const frame = await startActivity(page, FIRST, () => context.setOffline(true));
    await frame.getByText(`Texte : 200 ${SYNC_TEXT}`).waitFor();
    // A page navigated to offline, and the launch page loaded again offline.
    await frame.getByRole('link', { name: 'Suite' }).click();
    await frame.getByText('Suite : 200 la suite est là').waitFor();
    await frame.goto(frame.url().replace('page2.html', 'index.html'));
    await frame.getByText(`Texte : 200 ${SYNC_TEXT}`).waitFor();
    await frame.getByText('Questions : 200 3').waitFor();
    await nested(page).getByText(`Cadre : 200 ${SYNC_TEXT}`).waitFor();
    // What the shim cannot answer goes to the network, cut: the content's send throws.
    await frame.getByText('Absent : erreur').waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
