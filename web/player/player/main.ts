// The player page on its activity's own origin (common/content/activity-origin.ts), framed by the
// app's /activity/:id page. It keeps one package offline (cleanup), receives a package from the app
// page chunk by chunk as it downloads, unzips and stores it in a worker meanwhile, makes sure the
// service worker serves /local-activity/, then shows the activity in a nested frame, with the
// runtime its kind needs (../runtimes: SCORM API, H5P bridge, xAPI endpoint) and the package's
// small text files in memory for the content's synchronous requests (sync-shim.ts). What the
// activity reports is journaled here and posted to the app page, which queues and sends it. It
// never sees the user's token: the app page does the network. The page never navigates: a
// navigation of it (a meta refresh the package writes into it, say) is refused, so that the frame
// the app takes as the player stays this page.
import '../shared/guard-page';
import { DIALOG_KEY, type DialogEntry } from '@/common/page-guard.js';
import { isRuntimeStandard } from '@/common/standards/kinds.js';
import { type AppLaunch, type AppToPlayer, isAppMessage, type PlayerStep } from '../../shared/protocol';
import { installRuntime, type PlayerRuntime } from '../runtimes';
import { isXapiRequestMessage, parseXapiPath } from '../runtimes/xapi/xapi-endpoint';
import { appOrigin, sendToApp } from '../shared/app-page';
import {
  databaseName,
  deleteDatabase,
  listPackageDatabases,
  type PackageMeta,
  readCompleteMeta,
  readSyncTexts,
} from '../shared/offline-db';
import {
  keepPlayerPagesOffline,
  keepServiceWorkerHealthy,
  pingServiceWorker,
  registerServiceWorker,
} from '../shared/service-worker-client';
import { createSyncTexts, SYNC_KEY, type SyncEntry, type SyncTexts } from '../shared/sync-shim';
import type { WorkerReply, WorkerRequest } from '../unzip/unzip.worker';
import { announceLeftovers, forgetWrites, recordLaunch } from './runtime-journal';

const frame = document.getElementById('activity') as HTMLIFrameElement;
let stopHealthChecks: (() => void) | null = null;

const progress = (step: PlayerStep) => sendToApp({ type: 'player:progress', step });

/** Keeps only the most recent complete offline package; returns its namespace. */
async function cleanup(): Promise<string | null> {
  const names = await listPackageDatabases();
  const metas = await Promise.all(names.map(async (name) => ({ name, meta: await readCompleteMeta(name) })));
  const complete = metas.filter((m): m is { name: string; meta: PackageMeta } => m.meta !== null);
  complete.sort((a, b) => b.meta.storedAt - a.meta.storedAt);
  const kept = complete[0];
  if (kept) readHeldTexts(kept.meta);
  await Promise.all(metas.filter((m) => m !== kept).map((m) => deleteDatabase(m.name)));
  return kept?.meta.namespace ?? null;
}

/** The held package's files for synchronous reads, read as soon as the package is known (before
 * the click that re-opens it), so that a re-open does not wait for them. */
let heldTexts: { namespace: string; bytes: Promise<Uint8Array> } | null = null;

function readHeldTexts(meta: PackageMeta): void {
  const bytes = readSyncTexts(meta);
  bytes.catch(() => undefined); // reported by open()
  heldTexts = { namespace: meta.namespace, bytes };
}

async function deleteOtherPackages(namespace: string): Promise<void> {
  const others = (await listPackageDatabases()).filter((name) => name !== databaseName(namespace));
  await Promise.all(others.map(deleteDatabase));
}

// Started with the page, so that they are ready when the package arrives: the unzip worker, and
// the service worker's registration (the first open waits for it only after storing the files).
let earlyRegistration: Promise<ServiceWorkerRegistration> | null = registerServiceWorker();
earlyRegistration.catch(() => undefined); // tried again in open()
const unzipWorker = new Worker(new URL('../unzip/unzip.worker.ts', import.meta.url), { type: 'module' });

type Installed = { meta: PackageMeta; texts: Uint8Array };

/** Starts unzipping and storing a package in the worker as its chunks arrive (sendToWorker);
 * resolves with its meta and the bytes of its files for synchronous reads once complete. */
function installPackage(namespace: string, size: number): Promise<Installed> {
  return new Promise((resolve, reject) => {
    const worker = unzipWorker;
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'extracted') progress('store');
      else if (reply.type === 'installed') {
        finish();
        resolve({ meta: reply.meta, texts: new Uint8Array(reply.texts) });
      } else if (reply.type === 'failed') {
        finish();
        reject(new Error(reply.detail));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The unzip worker failed'));
    };
    sendToWorker({ type: 'start', namespace, size });
  });
}

function sendToWorker(request: WorkerRequest, transfer: Transferable[] = []): void {
  unzipWorker.postMessage(request, transfer);
}

/** Forwards Escape pressed inside the activity to the app page. */
function forwardEscape(target: Window): void {
  target.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') sendToApp({ type: 'player:escape' });
  });
}

/** Set as the page goes away (before the runtime's last commit, whose listener comes later). */
let leaving = false;
window.addEventListener('pagehide', () => {
  leaving = true;
});

let launch: AppLaunch | null = null;
/** The runtime installed for the launch (resolved before the activity frame loads). */
let runtimeReady: Promise<PlayerRuntime> = Promise.resolve({});
let runtime: PlayerRuntime | null = null;

// The service worker forwards the content's xAPI requests to every player page: this one answers
// for its own launch, and null otherwise (so the worker need not wait for it).
navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (!port || !isXapiRequestMessage(event.data)) return;
  port.postMessage(runtime?.answerXapi?.(event.data) ?? null);
});
navigator.serviceWorker?.startMessages();

/** The shown package's files for synchronous reads (set before the activity frame loads). */
let syncTexts: SyncTexts | null = null;

// The content's synchronous requests, which do not reach the worker: the worker's shim in each of
// the package's pages finds this entry on its parents (sync-shim.ts). The xAPI endpoint gets the
// same answers as through the worker; a GET for a file of the shown package, the held file. Only
// this origin's paths of this launch or package: anything else goes to the network.
const syncEntry: SyncEntry = {
  answer(url, method, headers, body) {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin) return null;
    const xapi = parseXapiPath(target.pathname);
    if (!xapi) return syncTexts?.answer(target, method) ?? null;
    if (!runtime?.answerXapi) return null;
    const query = Object.fromEntries(target.searchParams);
    return runtime.answerXapi({
      type: 'xapi:request',
      launchId: xapi.launchId,
      request: { method: method.toUpperCase(), resource: xapi.resource, query, headers, body },
    });
  },
};
Object.assign(window, { [SYNC_KEY]: syncEntry });

/** Longest dialog text handed to the app page. */
const DIALOG_TEXT_MAX = 2_000;
// The content's alert and confirm (the guard in its pages, common/page-guard.ts): the app page shows
// them as the activity's.
const dialogEntry: DialogEntry = {
  show(kind, text) {
    sendToApp({ type: 'player:dialog', kind, text: String(text).slice(0, DIALOG_TEXT_MAX) });
  },
};
Object.assign(window, { [DIALOG_KEY]: dialogEntry });

// Kept before any package script runs: the package shares this realm and could replace them.
const preventDefault = Event.prototype.preventDefault;
const apply = Reflect.apply;
(window as Window & { navigation?: EventTarget }).navigation?.addEventListener('navigate', (event) =>
  apply(preventDefault, event, []),
);

/** Installs what the launch's kind needs on this window, preloaded with the kept state; its
 * reports go to the journal (runtime-journal.ts). */
function installLaunchRuntime(info: AppLaunch): Promise<PlayerRuntime> {
  const { kind } = info;
  if (!isRuntimeStandard(kind)) return Promise.resolve({}); // plain HTML5: no runtime
  const report = recordLaunch(info.launchId, kind, { send: sendToApp, leaving: () => leaving });
  return installRuntime(window, { ...info, kind }, report);
}

/** Browsers no longer run unload handlers reliably: commit while the page is being hidden. */
function commitWhenHidden(commitIfOpen: () => void): void {
  window.addEventListener('pagehide', () => commitIfOpen());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') commitIfOpen();
  });
}

function activityUrl(meta: PackageMeta, installed: PlayerRuntime): string {
  const folder = `/local-activity/${meta.namespace}/`;
  return installed.activityUrl?.({ folder, root: meta.root, entry: meta.entry }) ?? folder + meta.entry;
}

function showActivity(meta: PackageMeta, installed: PlayerRuntime): Promise<void> {
  return new Promise((resolve, reject) => {
    frame.onload = () => {
      const view = frame.contentWindow;
      if (!view) return reject(new Error('The activity frame did not load'));
      // cmi5 content that closes itself goes to the returnURL: the learner leaves the activity.
      if (installed.isReturn?.(view.location.href)) {
        sendToApp({ type: 'player:escape' });
        return;
      }
      const navigation = view.performance.getEntriesByType('navigation')[0] as
        | (PerformanceNavigationTiming & { responseStatus?: number })
        | undefined;
      if (navigation?.responseStatus && navigation.responseStatus >= 400) {
        return reject(new Error(`The activity answered ${navigation.responseStatus}`));
      }
      // Every page the activity navigates to gets the same Escape handling.
      forwardEscape(view);
      frame.classList.add('shown');
      resolve();
    };
    frame.src = activityUrl(meta, installed);
  });
}

async function open(namespace: string, installed: Promise<Installed> | null): Promise<void> {
  let meta: PackageMeta | null;
  let texts: Promise<Uint8Array>;
  try {
    if (installed) {
      const done = await installed;
      meta = done.meta;
      texts = Promise.resolve(done.texts);
      heldTexts = null; // another package's, if any
      // Only the newest package is kept; the display need not wait for the others' deletion.
      void deleteOtherPackages(namespace).catch((error: unknown) => console.error(error));
    } else {
      meta = await readCompleteMeta(databaseName(namespace));
      // Normally read already (cleanup); else beside the service worker's check.
      if (meta && heldTexts?.namespace !== namespace) readHeldTexts(meta);
      texts = heldTexts?.namespace === namespace ? heldTexts.bytes : Promise.resolve(new Uint8Array(0));
    }
    if (!meta) throw new Error('The offline copy is missing');
  } catch (error) {
    sendToApp({ type: 'player:error', kind: 'load', detail: String(error) });
    return;
  }

  try {
    progress('service-worker');
    let registration = await (earlyRegistration ?? registerServiceWorker()).catch(() =>
      registerServiceWorker(),
    );
    earlyRegistration = null;
    progress('prepare');
    if (!(await pingServiceWorker(registration))) {
      // A silent worker is replaced once before giving up.
      await registration.unregister().catch(() => false);
      registration = await registerServiceWorker();
      if (!(await pingServiceWorker(registration))) throw new Error('The service worker does not answer');
    }
    const installed = await runtimeReady;
    if (installed.commitIfOpen) commitWhenHidden(installed.commitIfOpen);
    // Without them the content still plays as far as it can (its synchronous reads fail as before).
    const held = await texts.catch((error: unknown) => {
      console.error('Files for synchronous reads', error);
      return new Uint8Array(0);
    });
    syncTexts = createSyncTexts(meta.namespace, meta.texts, held);
    await showActivity(meta, installed);
    // Safari deletes an origin's data after 7 days without a visit: ask to keep the packages.
    void navigator.storage?.persist?.().catch(() => false);
    // This page and its assets kept too, so that the activity opens again offline.
    void keepPlayerPagesOffline().catch((error: unknown) => console.error(error));
    stopHealthChecks?.();
    stopHealthChecks = keepServiceWorkerHealthy(registration);
    sendToApp({ type: 'player:ready' });
  } catch (error) {
    sendToApp({ type: 'player:error', kind: 'display', detail: String(error) });
  }
}

// One package per page: either one streamed in (start, chunks, end) or the one held offline.
let opened = false;
let installing: { namespace: string; meta: Promise<Installed> } | null = null;

function onAppMessage(message: AppToPlayer): void {
  switch (message.type) {
    case 'app:package-start':
      if (opened) return;
      opened = true;
      installing = { namespace: message.namespace, meta: installPackage(message.namespace, message.size) };
      installing.meta.catch(() => undefined); // reported by open()
      return;
    case 'app:package-chunk':
      if (installing?.namespace === message.namespace) {
        sendToWorker({ type: 'chunk', bytes: message.bytes }, [message.bytes]);
      }
      return;
    case 'app:launch':
      if (launch) return;
      launch = message;
      runtimeReady = installLaunchRuntime(message);
      runtimeReady.then(
        (installed) => {
          runtime = installed;
        },
        () => undefined, // reported by open()
      );
      return;
    case 'app:package-end':
      if (installing?.namespace !== message.namespace) return;
      if (launch?.namespace !== message.namespace) {
        sendToApp({ type: 'player:error', kind: 'load', detail: 'No launch information for the package' });
        return;
      }
      progress('extract');
      sendToWorker({ type: 'end', root: launch.root, launch: launch.launch });
      void open(message.namespace, installing.meta);
      installing = null;
      return;
    case 'app:use-held':
      if (opened) return;
      opened = true;
      if (launch?.namespace !== message.namespace) {
        sendToApp({ type: 'player:error', kind: 'load', detail: 'No launch information for the package' });
        return;
      }
      void open(message.namespace, null);
      return;
    case 'app:runtime-ack':
      forgetWrites(message.writes).catch((error: unknown) => console.error('Runtime journal', error));
      return;
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || event.source !== window.parent) return;
  if (isAppMessage(event.data)) onAppMessage(event.data);
});

forwardEscape(window);

// The leftovers go before the announcement, so that the app page has queued (and tried to send)
// them before it reads the kept runtime data of the next launch: a reload resumes from them.
const leftoversAnnounced = announceLeftovers(sendToApp).catch((error: unknown) =>
  console.error('Runtime journal', error),
);
Promise.all([cleanup(), leftoversAnnounced])
  .then(([held]) => sendToApp({ type: 'player:waiting', held }))
  .catch((error: unknown) => sendToApp({ type: 'player:error', kind: 'load', detail: String(error) }));
