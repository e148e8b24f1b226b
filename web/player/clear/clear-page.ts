// Clears an activity's origin of what an earlier play left on the device, framed (hidden) by the
// app's learner area once another activity holds the offline copy (each activity plays on an
// origin of its own: common/content/activity-origin.ts, and only that origin can delete its data).
// It acts only when the app page that framed it asks (`app:clear`): opened by anything else (a
// package's window.open), it deletes nothing. The journal's leftovers go to the app page first;
// once it has acknowledged every one, the package, the journal, any other service worker and
// cache, the storage, the origin's files and storage buckets are deleted, and the app page told
// how many things were found. The player's own service worker and the caches of its pages stay:
// they hold nothing of the package nor of whoever played it (the player's build, served only when
// it matches the server's hashes: player-pages-cache.ts), and with them the activity opens again
// with the network cut, its package handed to it by the app page (kept-packages.ts): on a class
// tablet, the next pupils each play on their own origin (docs/pupils.md#hors-ligne). The app page forgets the origin only once a fresh page finds
// nothing (activity-origin-cleaner.tsx). A journal the app page does not empty is kept, and the
// origin cleared on a later visit.

import {
  type AppToPlayer,
  isAppMessage,
  PLAYER_CACHE_PREFIXES,
  PLAYER_WORKER_SCRIPT,
} from '../../shared/protocol';
import { announceLeftovers, forgetWrites, journalLeftovers } from '../player/runtime-journal';
import { appOrigin, sendToApp } from '../shared/app-page';
import { deleteDatabase } from '../shared/offline-db';

/** The origin's private file system (OPFS), where a package may keep files of its own. */
type FileSystemRoot = {
  keys(): AsyncIterable<string>;
  removeEntry(name: string, options: { recursive: boolean }): Promise<void>;
};

async function fileSystemRoot(): Promise<FileSystemRoot | null> {
  const root = await navigator.storage?.getDirectory?.().catch(() => null);
  return (root as unknown as FileSystemRoot | null) ?? null;
}

/** Storage buckets other than the default one (Chromium), where a package may keep databases that
 * `indexedDB.databases()` does not list. */
type StorageBuckets = { keys(): Promise<string[]>; delete(name: string): Promise<void> };
const buckets = (navigator as Navigator & { storageBuckets?: StorageBuckets }).storageBuckets;

async function fileNames(root: FileSystemRoot | null): Promise<string[]> {
  const names: string[] = [];
  if (root) for await (const name of root.keys()) names.push(name);
  return names;
}

/** Registered with the player's own script (whatever the scope: that script is ours). */
function isPlayerWorker(registration: ServiceWorkerRegistration): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  return worker !== null && new URL(worker.scriptURL).pathname === PLAYER_WORKER_SCRIPT;
}

const isPlayerCache = (name: string) => PLAYER_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix));

/** The service workers and caches that are not the player's own. */
async function othersWorkers(): Promise<ServiceWorkerRegistration[]> {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? [];
  return registrations.filter((registration) => !isPlayerWorker(registration));
}

async function othersCaches(): Promise<string[]> {
  return (await caches.keys().catch(() => [])).filter((name) => !isPlayerCache(name));
}

/** How many things the origin holds beside the player: workers, caches, databases, storage keys,
 * files, buckets. */
async function inventory(): Promise<number> {
  const counts = await Promise.all([
    othersWorkers(),
    othersCaches(),
    indexedDB.databases(),
    fileNames(await fileSystemRoot()).catch(() => []),
    buckets?.keys().catch(() => []) ?? [],
  ]);
  return counts.reduce((sum, found) => sum + found.length, localStorage.length);
}

async function clearAllButThePlayer(): Promise<void> {
  const registrations = await othersWorkers();
  await Promise.all(registrations.map((registration) => registration.unregister().catch(() => false)));
  const cacheNames = await othersCaches();
  await Promise.all(cacheNames.map((name) => caches.delete(name)));
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap(({ name }) => (name ? [deleteDatabase(name)] : [])));
  localStorage.clear();
  const root = await fileSystemRoot();
  const files = await fileNames(root).catch(() => []);
  await Promise.all(files.map((name) => root?.removeEntry(name, { recursive: true }).catch(() => undefined)));
  const bucketNames = (await buckets?.keys().catch(() => [])) ?? [];
  await Promise.all(bucketNames.map((name) => buckets?.delete(name).catch(() => undefined)));
}

let asked = false;
/** What the origin held when the app page asked. */
let found = 0;
let cleared = false;

async function clearWhenAcknowledged(): Promise<void> {
  if (cleared) return;
  const left = await journalLeftovers();
  if (cleared || left.length > 0) return; // more acks to come
  cleared = true;
  // The journal's database goes with the rest: nothing is left in it.
  await clearAllButThePlayer();
  sendToApp({ type: 'player:cleared', found });
}

/** Counts first (announcing the leftovers opens the journal): an empty origin is left untouched. */
async function start(): Promise<void> {
  found = await inventory();
  if (found === 0) {
    cleared = true;
    sendToApp({ type: 'player:cleared', found });
  } else if ((await announceLeftovers(sendToApp)) === 0) await clearWhenAcknowledged();
}

const failed = (error: unknown) => console.error('Clearing the activity origin', error);

window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || event.source !== window.parent || !isAppMessage(event.data)) return;
  const message: AppToPlayer = event.data;
  if (message.type === 'app:clear' && !asked) {
    asked = true;
    start().catch(failed);
  } else if (message.type === 'app:runtime-ack' && asked)
    forgetWrites(message.writes).then(clearWhenAcknowledged).catch(failed);
});

// Opened on its own (not in a frame), no app page will ask: say so to whoever sees it.
if (window.parent === window) document.getElementById('alone')?.removeAttribute('hidden');
