// The start of the E2E files that play one package: a server and a browser, a level whose only
// activity plays the package, stored as an upload leaves it (the zip, and its files unpacked for the
// admin preview), and a teacher of that level.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import { buildLevel, storePackage } from '../../server/fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../server/fixtures/factories.js';
import { buildZip } from '../../server/fixtures/files.js';
import { packageFileKey } from '../../server/storage/keys.js';
import { LocalFileStore } from '../../server/storage/local-store.js';
import { launchBrowser, newSignedInPage } from './browser.js';
import { describeActivities } from './runtime-packages.js';
import { type RunningServer, startServer } from './server.js';

export type OnePackageLevel = {
  server: RunningServer;
  browser: Browser;
  teacher: { email: string; password: string };
  activityId: number;
};

/** `files` by path; the package launches `index.html` at its root. */
export async function startOnePackageLevel(options: {
  level: string;
  files: Record<string, string>;
  kind: PackageKind;
  server?: Parameters<typeof startServer>[1];
}): Promise<OnePackageLevel> {
  const [server, browser] = await Promise.all([startServer({}, options.server), launchBrowser()]);
  const store = new LocalFileStore(path.join(server.dataDir, 'files'));
  const packageHash = await storePackage(store, buildZip(options.files));
  for (const [name, content] of Object.entries(options.files)) {
    await store.write(packageFileKey(packageHash, name.split('/')), Buffer.from(content));
  }
  const level = await buildLevel(server.db, [[{ sessions: [1] }]], { title: options.level, packageHash });
  const ids = level.lessons[0]![0]!.activityIds.flat();
  await describeActivities(server.db, ids, { kind: options.kind, root: '', launch: 'index.html' });
  const created = await createTeacher(server.db, { levelIds: [level.levelId] });
  return {
    server,
    browser,
    teacher: { email: created.email, password: DEFAULT_PASSWORD },
    activityId: ids[0]!,
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
