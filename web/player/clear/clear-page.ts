// Clears an activity's origin of what an earlier play left on the device, framed (hidden) by the
// app's learner area once another activity holds the offline copy (each activity plays on an
// origin of its own: common/content/activity-origin.ts, and only that origin can delete its data).
// The journal's leftovers go to the app page first; once it has acknowledged every one, the
// package, the journal, the service workers and their caches are deleted, and the app page told.
// A journal the app page does not empty is kept, and the origin cleared on a later visit.

import { type AppToPlayer, isAppMessage } from '../../shared/protocol';
import { announceLeftovers, forgetWrites, journalLeftovers } from '../player/runtime-journal';
import { appOrigin, sendToApp } from '../shared/app-page';
import { deleteDatabase } from '../shared/offline-db';

async function clearEverything(): Promise<void> {
  const registrations = await navigator.serviceWorker?.getRegistrations().catch(() => []);
  await Promise.all(
    (registrations ?? []).map((registration) => registration.unregister().catch(() => false)),
  );
  const cacheNames = await caches.keys().catch(() => []);
  await Promise.all(cacheNames.map((name) => caches.delete(name)));
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap(({ name }) => (name ? [deleteDatabase(name)] : [])));
  localStorage.clear();
}

let cleared = false;

async function clearWhenAcknowledged(): Promise<void> {
  if (cleared || (await journalLeftovers()).length > 0) return; // more acks to come
  cleared = true;
  // The journal's database goes with the rest: nothing is left in it.
  await clearEverything();
  sendToApp({ type: 'player:cleared' });
}

window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || event.source !== window.parent || !isAppMessage(event.data)) return;
  const message: AppToPlayer = event.data;
  if (message.type !== 'app:runtime-ack') return;
  forgetWrites(message.writes)
    .then(clearWhenAcknowledged)
    .catch((error: unknown) => console.error('Clearing the activity origin', error));
});

announceLeftovers(sendToApp)
  .then((count) => (count === 0 ? clearWhenAcknowledged() : undefined))
  .catch((error: unknown) => console.error('Clearing the activity origin', error));
