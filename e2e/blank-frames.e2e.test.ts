// Content that writes documents into blank frames (the "H5P in SCORM" wrapper's h5p-standalone),
// in a real browser against the real server: Chromium gives an about:blank frame no
// service-worker controller, so what the written document loads by relative URL would reach the
// content origin's server (404) or, offline, nothing. The worker's page shim has such writes
// replayed in a worker-served document of the same folder (web/player/shared/blank-frames.ts): the
// stylesheet applies and the script runs, online and with the network cut, and nothing under
// /local-activity/ reaches the network. The admin preview, served by the content origin itself,
// plays the same page.
import type { BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdminPage } from './support/admin-session.js';
import { blankFrameFiles, INLINE_TEXT, SCRIPTED_TEXT, STYLED_TEXT } from './support/blank-frame-package.js';
import { newTeacherPage, setupOnePackageLevel } from './support/one-package-level.js';
import { openGroupTable, startActivity } from './support/teacher-area-pages.js';

const LEVEL = 'Module cadres vides';
const FIRST = 'Activité 1.1.1.1';

const setup = setupOnePackageLevel({ level: LEVEL, files: blankFrameFiles(), kind: 'scorm12' });

/** Answers under /local-activity/ that came from the network rather than the worker. */
function escapedRequests(context: BrowserContext): string[] {
  const escaped: string[] = [];
  context.on('response', (response) => {
    if (response.url().includes('/local-activity/') && !response.fromServiceWorker()) {
      escaped.push(`${response.status()} ${new URL(response.url()).pathname.split('/').slice(3).join('/')}`);
    }
  });
  return escaped;
}

/** Both written frames show the stylesheet's line and the script's; the inline one was read back. */
async function expectFramesLoaded(content: Frame | FrameLocator): Promise<void> {
  for (const title of ['Cadre balisé', 'Cadre créé']) {
    const written = content.frameLocator(`iframe[title="${title}"]`);
    // Hidden by an inline style that only the package's stylesheet overrides.
    await written.getByText(STYLED_TEXT).waitFor({ state: 'visible' });
    await written.getByText(SCRIPTED_TEXT).waitFor();
  }
  await content.getByText(`Cadre de mesure : ${INLINE_TEXT}`).waitFor();
}

async function start(page: Page, group: string, offline?: BrowserContext): Promise<Frame> {
  await openGroupTable(page, LEVEL, group);
  return startActivity(page, FIRST, async () => {
    await offline?.setOffline(true);
  });
}

describe('documents written into blank frames', () => {
  it('load their stylesheet and script from the package, through the worker', async () => {
    const { context, page } = await newTeacherPage(setup);
    const escaped = escapedRequests(context);
    const frame = await start(page, 'En ligne');
    await expectFramesLoaded(frame);
    expect(escaped).toEqual([]);
    await context.close();
  });

  it('load them with the network cut after opening', async () => {
    const { context, page } = await newTeacherPage(setup);
    const frame = await start(page, 'Hors ligne', context);
    await expectFramesLoaded(frame);
    // The launch page loaded again offline writes its frames again.
    await frame.goto(frame.url());
    await expectFramesLoaded(frame);
    await context.setOffline(false);
    await context.close();
  });

  it('load them in the admin preview (served by the content origin)', async () => {
    const admin = await newAdminPage(setup.browser, setup.server);
    await admin.page.goto(`${setup.server.url}/activity-preview/${setup.activityId}`);
    const content = admin.page.frameLocator('[data-testid="preview-frame"]').frameLocator('iframe');
    await expectFramesLoaded(content);
    await admin.context.close();
  });
});
