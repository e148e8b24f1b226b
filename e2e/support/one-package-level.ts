// The start of the E2E files that play one package: a server and a browser, a level whose only
// activity plays the package, stored as an upload leaves it (the zip, and its files unpacked for the
// admin preview), and a teacher of that level.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../server/fixtures/factories.js';
import { launchBrowser, newSignedInPage } from './browser.js';
import { addPackageLevel } from './package-levels.js';
import { type RunningServer, startServer } from './server.js';

export type OnePackageLevel = {
  server: RunningServer;
  browser: Browser;
  teacher: { email: string; password: string };
  activityId: number;
};

/** `files` by path, as `addPackageLevel` takes them. */
export async function startOnePackageLevel(options: {
  level: string;
  files: Record<string, string>;
  kind: PackageKind;
  server?: Parameters<typeof startServer>[1];
}): Promise<OnePackageLevel> {
  const [server, browser] = await Promise.all([startServer({}, options.server), launchBrowser()]);
  const level = await addPackageLevel(server, {
    title: options.level,
    files: options.files,
    kind: options.kind,
  });
  const created = await createTeacher(server.db, { levelIds: [level.levelId] });
  return {
    server,
    browser,
    teacher: { email: created.email, password: DEFAULT_PASSWORD },
    activityId: level.activityId,
  };
}

/** Call at the top level of a test file: the level is started before its tests (the fields are set
 * from then on) and the browser and server are closed after them. */
export function setupOnePackageLevel(options: Parameters<typeof startOnePackageLevel>[0]): OnePackageLevel {
  const setup = {} as OnePackageLevel;
  beforeAll(async () => {
    Object.assign(setup, await startOnePackageLevel(options));
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.server?.close();
  });
  return setup;
}

/** A new page in its own browser context, signed in as the level's teacher (on their home page). */
export function newTeacherPage({ browser, server, teacher }: OnePackageLevel) {
  return newSignedInPage(browser, server.url, teacher, /\/user$/);
}
