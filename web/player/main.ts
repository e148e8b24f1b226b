// The player page on the content origin, framed by the app's /activity/:id page. It keeps one
// package offline (cleanup), receives a package from the app page chunk by chunk as it downloads,
// unzips and stores it in a worker meanwhile, makes sure the service worker serves
// /local-activity/, then shows the activity in a nested frame. It never sees the user's token:
// the app page does the download.
import {
  databaseName,
  deleteDatabase,
  listPackageDatabases,
  type PackageMeta,
  readCompleteMeta,
} from './offline-db';
import { type AppToPlayer, isAppMessage, type PlayerStep, type PlayerToApp } from './protocol';
import { keepServiceWorkerHealthy, pingServiceWorker, registerServiceWorker } from './service-worker-client';
import type { WorkerReply, WorkerRequest } from './unzip.worker';

const appOrigin = document.querySelector<HTMLMetaElement>('meta[name="ardoise-app-origin"]')?.content ?? '';
const frame = document.getElementById('activity') as HTMLIFrameElement;
let stopHealthChecks: (() => void) | null = null;

function send(message: PlayerToApp): void {
  if (window.parent !== window) window.parent.postMessage(message, appOrigin);
}
const progress = (step: PlayerStep) => send({ type: 'player:progress', step });

/** Keeps only the most recent complete offline package; returns its namespace. */
async function cleanup(): Promise<string | null> {
  const names = await listPackageDatabases();
  const metas = await Promise.all(names.map(async (name) => ({ name, meta: await readCompleteMeta(name) })));
  const complete = metas.filter((m): m is { name: string; meta: PackageMeta } => m.meta !== null);
  complete.sort((a, b) => b.meta.storedAt - a.meta.storedAt);
  const kept = complete[0];
  await Promise.all(metas.filter((m) => m !== kept).map((m) => deleteDatabase(m.name)));
  return kept?.meta.namespace ?? null;
}

async function deleteOtherPackages(namespace: string): Promise<void> {
  const others = (await listPackageDatabases()).filter((name) => name !== databaseName(namespace));
  await Promise.all(others.map(deleteDatabase));
}

// Started with the page, so that they are ready when the package arrives: the unzip worker, and
// the service worker's registration (the first open waits for it only after storing the files).
let earlyRegistration: Promise<ServiceWorkerRegistration> | null = registerServiceWorker();
earlyRegistration.catch(() => undefined); // tried again in open()
const unzipWorker = new Worker(new URL('./unzip.worker.ts', import.meta.url), { type: 'module' });

/** Starts unzipping and storing a package in the worker as its chunks arrive (sendToWorker);
 * resolves with its meta once complete. */
function installPackage(namespace: string, size: number): Promise<PackageMeta> {
  return new Promise((resolve, reject) => {
    const worker = unzipWorker;
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'extracted') progress('store');
      else if (reply.type === 'installed') {
        finish();
        resolve(reply.meta);
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
    if (event.key === 'Escape') send({ type: 'player:escape' });
  });
}

function showActivity(meta: PackageMeta): Promise<void> {
  return new Promise((resolve, reject) => {
    frame.onload = () => {
      const view = frame.contentWindow;
      if (!view) return reject(new Error('The activity frame did not load'));
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
    frame.src = `/local-activity/${meta.namespace}/${meta.entry}`;
  });
}

async function open(namespace: string, installed: Promise<PackageMeta> | null): Promise<void> {
  let meta: PackageMeta | null;
  try {
    if (installed) {
      meta = await installed;
      // Only the newest package is kept; the display need not wait for the others' deletion.
      void deleteOtherPackages(namespace).catch((error: unknown) => console.error(error));
    } else {
      meta = await readCompleteMeta(databaseName(namespace));
    }
    if (!meta) throw new Error('The offline copy is missing');
  } catch (error) {
    send({ type: 'player:error', kind: 'load', detail: String(error) });
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
    await showActivity(meta);
    stopHealthChecks?.();
    stopHealthChecks = keepServiceWorkerHealthy(registration);
    send({ type: 'player:ready' });
  } catch (error) {
    send({ type: 'player:error', kind: 'display', detail: String(error) });
  }
}

// One package per page: either one streamed in (start, chunks, end) or the one held offline.
let opened = false;
let installing: { namespace: string; meta: Promise<PackageMeta> } | null = null;

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
    case 'app:package-end':
      if (installing?.namespace !== message.namespace) return;
      progress('extract');
      sendToWorker({ type: 'end' });
      void open(message.namespace, installing.meta);
      installing = null;
      return;
    case 'app:use-held':
      if (opened) return;
      opened = true;
      void open(message.namespace, null);
      return;
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || event.source !== window.parent) return;
  if (isAppMessage(event.data)) onAppMessage(event.data);
});

forwardEscape(window);

cleanup()
  .then((held) => send({ type: 'player:waiting', held }))
  .catch((error: unknown) => send({ type: 'player:error', kind: 'load', detail: String(error) }));
