// A package reaches nothing but its own files and state: each activity plays on an origin of its
// own (activity-N.content.ardoise.localhost, common/content/activity-origin.ts). A probing
// package lists the IndexedDB databases, caches and service workers its origin holds and asks for
// another activity's files, after that other activity was played on the same device; then the
// other activity's origin is cleared once the teacher is back at the table. Hostile packages try
// to rewrite the player's scripts in the cache its worker keeps them in, and to clear another
// activity's origin from a window of their own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOrigin } from '../common/content/activity-origin.js';
import type { PackageKind } from '../common/schemas/activity-package.js';
import type { RuntimeWrite } from '../common/schemas/activity-runtime.js';
import { createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { describeLatestPageOnFailure, launchBrowser, newSignedInPage } from './support/browser.js';
import { addPackageLevel, latestEntryOf } from './support/package-levels.js';
import {
  clearOpenerPackage,
  FAKE_SIGN_IN,
  POISON_MARK,
  poisoningPackage,
} from './support/player-attack-packages.js';
import { committingScormFiles } from './support/runtime-packages.js';
import { type RunningServer, startServer } from './support/server.js';
import {
  acceptedWrites,
  activity,
  backToTable,
  openGroupTable,
  sentWrites,
  startActivity,
} from './support/teacher-area-pages.js';

const NEIGHBOUR_LEVEL = 'Module voisin';
const PROBE_LEVEL = 'Module sonde';
const POISON_LEVEL = 'Module empoisonneur';
const OPENER_LEVEL = 'Module ouvreur';
const FIRST = 'Activité 1.1.1.1';
const JOURNAL_DB = 'ardoise_runtime_journal';
const PACKAGE_DB_PREFIX = 'keynote_activity_';

/** A SCORM 1.2 package that commits a score (so its origin has a journal and a package). */
const NEIGHBOUR_FILES = committingScormFiles('Voisine', 'Activité voisine');

/** Lists what its origin holds and asks for the neighbour's files by their path. */
const probeFiles = (neighbourHash: string) => ({
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Sonde</title></head><body>
<h1>Sonde</h1><p id="out">running</p><script>
(async () => {
  const own = location.pathname.split('/')[2];
  const databases = (await indexedDB.databases()).map((d) => d.name).sort();
  const cacheNames = await caches.keys();
  const other = await fetch('/local-activity/${neighbourHash}/index.html').then((r) => r.status, () => 'failed');
  document.getElementById('out').textContent = JSON.stringify({ origin: location.origin, own, databases, cacheNames, other });
})();
</script></body></html>`,
});

type Setup = { server: RunningServer; browser: Browser; teacher: { email: string; password: string } };
let setup: Setup;
let neighbourHash: string;
const activityIds: Record<string, number> = {};

async function addLevel(
  server: RunningServer,
  title: string,
  files: Record<string, string>,
  kind: PackageKind,
) {
  const level = await addPackageLevel(server, { title, files, kind });
  activityIds[title] = level.activityId;
  return level;
}

beforeAll(async () => {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const neighbour = await addLevel(server, NEIGHBOUR_LEVEL, NEIGHBOUR_FILES, 'scorm12');
  neighbourHash = neighbour.packageHash;
  const probe = await addLevel(server, PROBE_LEVEL, probeFiles(neighbourHash), 'html5');
  const poison = await addLevel(server, POISON_LEVEL, poisoningPackage, 'html5');
  const opener = await addLevel(server, OPENER_LEVEL, clearOpenerPackage, 'html5');
  const teacher = await createTeacher(server.db, {
    levelIds: [neighbour.levelId, probe.levelId, poison.levelId, opener.levelId],
  });
  setup = { server, browser, teacher: { email: teacher.email, password: DEFAULT_PASSWORD } };
});
afterAll(async () => {
  await setup?.browser.close();
  await setup?.server.close();
});
const describeOnFailure = describeLatestPageOnFailure();

/** The id in /activity/{id} of the level's activity in the group made last (one per group). */
const entryOf = (level: string) => latestEntryOf(setup.server.db, activityIds[level]!);

/** What a cleared origin holds beside the player's own worker and pages (kept: the activity opens
 * again offline, docs/pupils.md#hors-ligne). */
const EMPTY = { databases: [], workers: 0, caches: 0, files: 0, buckets: 0 };

/** What an origin holds, seen from a page of that origin that is not the player's: `workers` and
 * `caches` count those that are not the player's own; `player` tells whether its worker and the
 * cache of its pages are there. */
async function heldBy(context: BrowserContext, origin: string) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/nothing-here`);
    return await page.evaluate(async () => {
      const files = [];
      const root = (await navigator.storage.getDirectory()) as unknown as { keys(): AsyncIterable<string> };
      for await (const name of root.keys()) files.push(name);
      const buckets = (navigator as { storageBuckets?: { keys(): Promise<string[]> } }).storageBuckets;
      const registrations = await navigator.serviceWorker.getRegistrations();
      const isPlayers = (registration: ServiceWorkerRegistration) =>
        new URL(
          (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL ??
            location.href,
        ).pathname === '/local-activity-sw.js';
      const cacheNames = await caches.keys();
      const isPlayerCache = (name: string) => /^ardoise-(player|h5p-runtime)-/.test(name);
      return {
        databases: (await indexedDB.databases()).map((d) => d.name).sort(),
        workers: registrations.filter((registration) => !isPlayers(registration)).length,
        caches: cacheNames.filter((name) => !isPlayerCache(name)).length,
        files: files.length,
        buckets: ((await buckets?.keys()) ?? []).length,
        player: registrations.some(isPlayers) && cacheNames.some(isPlayerCache),
      };
    });
  } finally {
    await page.close();
  }
}

/** What the player's worker keeps of the player page's script on `origin` (the file the server
 * serves, one a package rewrote, or none), and the mark a rewritten player or clearing script
 * leaves in the origin's storage when it runs. */
async function keptPlayerScript(context: BrowserContext, origin: string) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/nothing-here`);
    return await page.evaluate(async (mark) => {
      const player = await (await fetch('/player/')).text();
      const script = player.match(/src="(\/player\/assets\/[^"]+\.js)"/)?.[1] ?? '';
      const served = await (await fetch(script)).text();
      const name = (await caches.keys()).find((n) => n.startsWith('ardoise-player-'));
      const kept = name ? await (await (await caches.open(name)).match(script))?.text() : undefined;
      const copy =
        kept === undefined
          ? 'none'
          : kept === served
            ? 'served'
            : kept.includes(mark)
              ? 'rewritten'
              : 'other';
      return { copy, mark: localStorage.getItem(mark) };
    }, POISON_MARK);
  } finally {
    await page.close();
  }
}

/** The activities (entries) whose origins the app page still means to clear. */
const originsToClear = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('ardoise:origins-to-clear') ?? '[]') as number[]);

/** Signs in a new browser, plays the neighbour in a new group and comes back to its table; the
 * writes sent and accepted are recorded. */
async function afterPlayingTheNeighbour(group: string) {
  const { server, browser, teacher } = setup;
  const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
  describeOnFailure(page);
  const accepted = acceptedWrites(context);
  const sent = sentWrites(context);
  await openGroupTable(page, NEIGHBOUR_LEVEL, group);
  const entry = await entryOf(NEIGHBOUR_LEVEL);
  const neighbour = await startActivity(page, FIRST);
  await neighbour.getByText('committed').waitFor();
  await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(1);
  await backToTable(page);
  return { context, page, accepted, sent, entry };
}

/** A later write of the same launch with another score, as a tab closed before the app page heard
 * of it leaves it: kept in the origin's localStorage (runtime-journal.ts, keepWriteNow), which the
 * next page of that origin to read the journal hands over. Well past the launch's writes (leaving
 * the activity may have committed once more). */
async function leaveUnsentWrite(
  context: BrowserContext,
  origin: string,
  sent: RuntimeWrite[],
  score: number,
) {
  const last = sent.at(-1)!;
  const data = structuredClone(last.data) as { cmi: { core: { score: { raw: string } } } };
  data.cmi.core.score.raw = String(score);
  const kept: RuntimeWrite = { ...last, seq: last.seq + 100, data, at: new Date().toISOString() };
  const planter = await context.newPage();
  await planter.goto(`${origin}/nothing-here`);
  await planter.evaluate(
    (write) =>
      localStorage.setItem(`ardoise:runtime-leaving:${write.launchId}#${write.seq}`, JSON.stringify(write)),
    kept,
  );
  await planter.close();
  return `${kept.launchId}#${kept.seq}`;
}

/** Rewrites the app's launch records as versions before the records named their origin kept them
 * (run in the app page). */
async function forgetLaunchOrigins(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('ardoise_runtime_queue');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction('launches', 'readwrite').objectStore('launches');
  await new Promise<void>((resolve, reject) => {
    const all = store.getAll();
    all.onsuccess = () => {
      for (const { origin: _origin, ...record } of all.result) store.put(record);
      store.transaction.oncomplete = () => resolve();
    };
    all.onerror = () => reject(all.error);
  });
  db.close();
}

const scoreOf = async (entryId: number) =>
  (
    await setup.server.db
      .selectFrom('group_activities')
      .select('score')
      .where('id', '=', entryId)
      .executeTakeFirst()
  )?.score;

describe('each activity on an origin of its own', () => {
  it('keeps a package away from the other activities’ files, journal and worker, and clears what an earlier one left', async () => {
    const { server, browser, teacher } = setup;
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    describeOnFailure(page);
    // The neighbour plays and commits: its origin holds its package and its journal.
    await openGroupTable(page, NEIGHBOUR_LEVEL, 'Classe voisine');
    const neighbourOrigin = activityOrigin(server.contentUrl, await entryOf(NEIGHBOUR_LEVEL));
    const neighbour = await startActivity(page, FIRST);
    await neighbour.getByText('committed').waitFor();
    expect(new URL(neighbour.url()).origin).toBe(neighbourOrigin);
    await backToTable(page);
    const before = await heldBy(context, neighbourOrigin);
    expect(before.databases).toEqual(
      expect.arrayContaining([JOURNAL_DB, `${PACKAGE_DB_PREFIX}${neighbourHash}`]),
    );
    expect(before.player).toBe(true);

    // The probe plays on its own origin and finds only its own package and journal there.
    await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
    await openGroupTable(page, PROBE_LEVEL, 'Classe sonde');
    const probeOrigin = activityOrigin(server.contentUrl, await entryOf(PROBE_LEVEL));
    expect(new Set([neighbourOrigin, probeOrigin, server.contentUrl]).size).toBe(3);
    const probe = await startActivity(page, FIRST);
    await probe.locator('#out').filter({ hasNotText: 'running' }).waitFor();
    const found = JSON.parse((await probe.locator('#out').textContent()) ?? '{}');
    expect(found.origin).toBe(probeOrigin);
    expect(found.databases).toContain(`${PACKAGE_DB_PREFIX}${found.own}`);
    for (const name of found.databases)
      expect([JOURNAL_DB, `${PACKAGE_DB_PREFIX}${found.own}`]).toContain(name);
    expect(found.other).toBe(404);

    // Back at the table, the neighbour's origin is cleared: its journal was empty (the server has
    // its writes), so its package, journal and storage go; the player's own worker and pages stay.
    await backToTable(page);
    await expect
      .poll(() => heldBy(context, neighbourOrigin), { timeout: 30_000 })
      .toEqual({ ...EMPTY, player: true });
    // The probe's origin, played last, keeps its package for an offline re-open.
    expect((await heldBy(context, probeOrigin)).databases).toContain(`${PACKAGE_DB_PREFIX}${found.own}`);
    await context.close();
  });

  it('hands what an earlier activity’s journal still holds to the server before clearing its origin', async () => {
    const { server } = setup;
    const { context, page, accepted, sent, entry } = await afterPlayingTheNeighbour('Classe onglet fermé');
    const neighbourOrigin = activityOrigin(server.contentUrl, entry);
    // The next visit opens another activity straight from its link (created here, the table
    // warming the player on the neighbour's origin as the activity played last); the write is left
    // meanwhile, so that only the clearing of the neighbour's origin can hand it over.
    await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
    await openGroupTable(page, PROBE_LEVEL, 'Classe après l’onglet');
    const probeEntry = await entryOf(PROBE_LEVEL);
    const unsent = await leaveUnsentWrite(context, neighbourOrigin, sent, 77);
    await page.goto(`${server.url}/activity/${probeEntry}`);
    await page.getByRole('button', { name: 'Commencer' }).click();
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(/\/user$/);
    await expect.poll(() => accepted, { timeout: 30_000 }).toContain(unsent);
    await expect.poll(() => heldBy(context, neighbourOrigin), { timeout: 30_000 }).toMatchObject(EMPTY);
    expect(await scoreOf(entry)).toBe(77);
    await context.close();
  });

  it('hands over and clears what an earlier version of the player kept on the content origin', async () => {
    const { server } = setup;
    const { context, page, accepted, sent, entry } = await afterPlayingTheNeighbour(
      'Classe avant la mise à jour',
    );
    // The earlier player played on the content origin itself: it left a write there, unsent, the
    // app recorded its launch without an origin, and remembered the package it held under its
    // former key.
    const unsent = await leaveUnsentWrite(context, server.contentUrl, sent, 64);
    await page.evaluate(forgetLaunchOrigins);
    await page.evaluate(() => localStorage.setItem('ardoise:last-offline-package', 'a'.repeat(64)));

    // The next visit to a table hands that write over and clears the content origin, once.
    await page.goto(`${server.url}/user`);
    await openGroupTable(page, PROBE_LEVEL, 'Classe après la mise à jour');
    await expect.poll(() => accepted, { timeout: 30_000 }).toContain(unsent);
    await expect.poll(() => heldBy(context, server.contentUrl), { timeout: 30_000 }).toMatchObject(EMPTY);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ardoise:last-offline-package')))
      .toBeNull();
    expect(await scoreOf(entry)).toBe(64);
    await context.close();
  });
});

describe('a package cannot rewrite the player nor clear another activity’s origin', () => {
  it('serves the player its own script beside the table and on a re-open, not the one a package wrote into the worker’s cache', async () => {
    const { server, browser, teacher } = setup;
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    describeOnFailure(page);
    await openGroupTable(page, POISON_LEVEL, 'Classe empoisonnée');
    const origin = activityOrigin(server.contentUrl, await entryOf(POISON_LEVEL));
    const poisoner = await startActivity(page, FIRST);
    await poisoner.getByText('poisoned').waitFor();
    expect((await keptPlayerScript(context, origin)).copy).toBe('rewritten');

    // Back at the table the player frame loads again on that origin (played last), hidden: the
    // worker gives it the player's own script, and keeps that one in place of the package's.
    await backToTable(page);
    await expect
      .poll(() => keptPlayerScript(context, origin), { timeout: 10_000 })
      .toEqual({ copy: 'served', mark: null });
    // The re-open shows the player, not the package's sign-in.
    await activity(page, FIRST).click();
    await page.waitForURL(/\/activity\/\d+$/);
    const fake = page.frameLocator('iframe[title="Activité"]').getByText(FAKE_SIGN_IN);
    const shown = await Promise.race([
      page
        .getByRole('button', { name: 'Commencer' })
        .waitFor({ timeout: 30_000 })
        .then(() => 'player'),
      fake.waitFor({ state: 'attached', timeout: 30_000 }).then(() => 'fake sign-in'),
    ]);
    expect(shown).toBe('player');
    await context.close();
  });

  it('clears an origin whose package rewrote the clearing page’s script, and forgets it only once it is empty', async () => {
    const { server, browser, teacher } = setup;
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    describeOnFailure(page);
    await openGroupTable(page, POISON_LEVEL, 'Classe au nettoyage piégé');
    const poisonEntry = await entryOf(POISON_LEVEL);
    const origin = activityOrigin(server.contentUrl, poisonEntry);
    const poisoner = await startActivity(page, FIRST);
    await poisoner.getByText('poisoned').waitFor();
    expect(await heldBy(context, origin)).toMatchObject({ files: 1, buckets: 1 });
    await backToTable(page);

    // Another activity is played: back at its table, the poisoned origin is cleared.
    await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
    await openGroupTable(page, PROBE_LEVEL, 'Classe après le poison');
    const probe = await startActivity(page, FIRST);
    await probe.locator('#out').filter({ hasNotText: 'running' }).waitFor();
    expect(await originsToClear(page)).toContain(poisonEntry);
    await backToTable(page);
    await expect.poll(() => originsToClear(page), { timeout: 30_000 }).not.toContain(poisonEntry);
    expect(await heldBy(context, origin)).toMatchObject(EMPTY);
    expect((await keptPlayerScript(context, origin)).mark).toBeNull();
    await context.close();
  });

  it('deletes nothing when a package opens another activity’s clearing page in a window of its own', async () => {
    const { server } = setup;
    const { context, page, entry } = await afterPlayingTheNeighbour('Classe visée');
    const neighbourOrigin = activityOrigin(server.contentUrl, entry);
    const held = [JOURNAL_DB, `${PACKAGE_DB_PREFIX}${neighbourHash}`];
    expect((await heldBy(context, neighbourOrigin)).databases).toEqual(expect.arrayContaining(held));

    await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
    await openGroupTable(page, OPENER_LEVEL, 'Classe ouvreuse');
    const opener = await startActivity(page, FIRST);
    // Whatever windows the package gets opened (none where its popups to other origins are refused).
    const popups: Page[] = [];
    context.on('page', (opened) => popups.push(opened));
    // Until the package says it tried with the neighbour's origin: a frame still settling may have
    // lost what was typed before the click.
    await expect
      .poll(async () => {
        await opener.getByLabel('Origine').fill(neighbourOrigin);
        await opener.getByRole('button', { name: 'Ouvrir' }).click();
        return opener.locator('#tried').textContent();
      })
      .toBe(`Essayé : ${neighbourOrigin}`);
    for (const window of popups) {
      await window.waitForURL(`${neighbourOrigin}/player/clear/`);
      await window.getByText('Ouverte seule, elle ne fait rien').waitFor();
      await window.close();
    }
    // Still playing the opener: the app page clears nothing meanwhile.
    expect((await heldBy(context, neighbourOrigin)).databases).toEqual(expect.arrayContaining(held));
    await context.close();
  });
});
