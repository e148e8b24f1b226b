// The teacher-area steps the E2E files share: open a level's new group table, find an activity's
// button, wait for the player to be ready, start an activity, go back to the table, count the
// runtime writes the server accepted, or all of that from a new signed-in page.
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { RuntimeWrite } from '../../common/schemas/activity-runtime.js';

export async function openGroupTable(page: Page, level: string, group: string): Promise<void> {
  await page.getByRole('link', { name: new RegExp(level) }).click();
  await page.waitForURL(/\/usergroups\/\d+$/);
  await page.getByLabel('Nouveau groupe').fill(group);
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/user/creategroups/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Créer le groupe' }).click();
  const answer = await created;
  if (!answer.ok())
    throw new Error(`group "${group}" not created: ${answer.status()} ${await answer.text()}`);
  // Not the toast: the previous group's may still be showing. The keyboard opens the card, so a
  // toast sliding over it on a phone cannot take the tap.
  await page.getByRole('link', { name: new RegExp(group) }).press('Enter');
  await page.waitForURL(/\/usertable\/\d+$/);
  await page.getByRole('button', { name: /^Période 1/ }).waitFor();
}

/** Opens the activity from the open table and starts it once the player is ready (`beforeStarting`
 * runs just before, e.g. to cut the network); returns the activity's frame. */
export async function startActivity(
  page: Page,
  name: string,
  beforeStarting?: () => Promise<void>,
): Promise<Frame> {
  await activity(page, name).click();
  await page.waitForURL(/\/activity\/\d+$/);
  const frame = await playerReady(page);
  await beforeStarting?.();
  await page.getByRole('button', { name: 'Commencer' }).click();
  return frame;
}

/** From the player, back to the group's learning table. */
export async function backToTable(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Retour' }).click();
  await page.waitForURL(/\/usertable\/\d+$/);
}

export const activity = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name} `) });

/** Waits for the player to be ready; returns the activity's frame (nested in the player frame). */
export async function playerReady(page: Page): Promise<Frame> {
  await page
    .getByRole('button', { name: 'Commencer' })
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      // What the page says instead (an error text) is what a failure needs.
      const shown = await page.evaluate(() => document.body.innerText).catch(() => '');
      throw new Error(`player not ready at ${page.url()}: ${shown.slice(-1500)}`, { cause: error });
    });
  const frame = page.frames().find((f) => f.url().includes('/local-activity/'));
  if (!frame) throw new Error('activity frame missing');
  return frame;
}

/** Every write the server accepted (2xx) in this browser context, as `launchId#seq`. */
export function acceptedWrites(context: BrowserContext): string[] {
  const accepted: string[] = [];
  context.on('requestfinished', async (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/api/user/activity/runtime/')) return;
    // A context closed while the answer was being read: the test that made it has ended.
    const response = await request.response().catch(() => null);
    if (!response?.ok()) return;
    const { writes } = request.postDataJSON() as { writes: RuntimeWrite[] };
    accepted.push(...writes.map((w) => `${w.launchId}#${w.seq}`));
  });
  return accepted;
}

/** Every write this browser context sends, accepted or not, in the order sent. */
export function sentWrites(context: BrowserContext): RuntimeWrite[] {
  const sent: RuntimeWrite[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/user/activity/runtime/'))
      sent.push(...(request.postDataJSON() as { writes: RuntimeWrite[] }).writes);
  });
  return sent;
}

/** A teacher's new page (from `signIn`) on a new group's table of `level`, and the runtime writes
 * the server accepts from that page's context from then on. */
export async function onNewGroupTable(
  signIn: () => Promise<{ context: BrowserContext; page: Page }>,
  level: string,
  group: string,
): Promise<{ context: BrowserContext; page: Page; accepted: string[] }> {
  const session = await signIn();
  const accepted = acceptedWrites(session.context);
  await openGroupTable(session.page, level, group);
  return { ...session, accepted };
}

/** What the device keeps of the player for offline use (paths of the player's pages and assets). */
export async function keptPlayerFiles(page: Page): Promise<string[]> {
  const player = page.frames().find((f) => new URL(f.url()).pathname === '/player/');
  if (!player) return [];
  return player
    .evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('ardoise-player-'));
      const requests = name ? await (await caches.open(name)).keys() : [];
      return requests.map((request) => new URL(request.url).pathname);
    })
    .catch(() => []); // the frame was being reloaded
}

/** True once the player page, its script and the SCORM 1.2 runtime are kept. */
export const keepsScormPlayer = (kept: string[]) =>
  ['/player/', '/player/assets/player-', '/player/assets/scorm12-'].every((prefix) =>
    kept.some((path) => path === prefix || (prefix.endsWith('-') && path.startsWith(prefix))),
  );
