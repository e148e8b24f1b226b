// Registers the offline player's service worker (fixed script path, scope /local-activity/),
// checks it answers, and keeps it healthy: a ping every 30 s with a 5 s reply timeout, and a fresh
// registration when it stays silent (docs/product.md#states-and-transitions, docs/product.md#business-constants-and-limits).
import { SW_HEALTH_INTERVAL_MS, SW_HEALTH_TIMEOUT_MS } from '@/common/constants.js';
import { PLAYER_PAGES_SCOPE, PLAYER_WORKER_SCRIPT } from '../../shared/protocol';

export const SW_SCRIPT_URL = PLAYER_WORKER_SCRIPT;
export const SW_SCOPE = '/local-activity/';

function activated(worker: ServiceWorker): Promise<ServiceWorker> {
  if (worker.state === 'activated') return Promise.resolve(worker);
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') reject(new Error('The service worker was discarded'));
    });
  });
}

/** Gives up on a step that never settles (a stuck script fetch) so that the player can say so. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const REGISTER_TIMEOUT_MS = 15_000;

/**
 * The active worker's registration: the existing one when it is there (its update check runs in
 * the background, off the critical path), else a new registration once it is active.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new Error('Service workers are not available');
  const existing = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  if (existing?.active && new URL(existing.active.scriptURL).pathname === SW_SCRIPT_URL) {
    existing.update().catch(() => undefined);
    return existing;
  }
  const registration = await withTimeout(
    navigator.serviceWorker.register(SW_SCRIPT_URL, { scope: SW_SCOPE, updateViaCache: 'none' }),
    REGISTER_TIMEOUT_MS,
    'Service worker registration',
  );
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) throw new Error('No service worker to wait for');
  await withTimeout(activated(worker), REGISTER_TIMEOUT_MS, 'Service worker activation');
  return registration;
}

/** True when the active worker answers a ping within the timeout. */
export function pingServiceWorker(
  registration: ServiceWorkerRegistration,
  timeoutMs = SW_HEALTH_TIMEOUT_MS,
): Promise<boolean> {
  const worker = registration.active;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve((event.data as { type?: unknown } | null)?.type === 'pong');
    };
    worker.postMessage({ type: 'ping' }, [channel.port2]);
  });
}

/** Pings every 30 s; an unhealthy worker is unregistered and registered again. Returns a stop function. */
export function keepServiceWorkerHealthy(
  initial: ServiceWorkerRegistration,
  register: () => Promise<ServiceWorkerRegistration> = registerServiceWorker,
): () => void {
  let registration = initial;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      if (!(await pingServiceWorker(registration))) {
        await registration.unregister().catch(() => false);
        registration = await register();
      }
    } catch (error) {
      console.error('Service worker health check failed', error);
    } finally {
      busy = false;
    }
  }, SW_HEALTH_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** This page and what it loaded from its own build went past the worker's cache when the page was
 * loaded before the worker controlled it: asked for again through it (mostly from the HTTP cache),
 * so that the page opens offline next time (player-pages-cache.ts). */
export function keepPageForOffline(): void {
  const urls = new Set([window.location.href]);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && url.pathname.startsWith(PLAYER_PAGES_SCOPE))
      urls.add(url.href);
  }
  for (const url of urls) fetch(url).catch(() => undefined);
}

/** Resolves once this page is controlled by a worker, or after the health timeout. */
export async function controlled(container: ServiceWorkerContainer): Promise<void> {
  if (container.controller) return;
  const claimed = new Promise<void>((resolve) => {
    container.addEventListener('controllerchange', () => resolve(), { once: true });
  });
  await Promise.race([claimed, new Promise((resolve) => setTimeout(resolve, SW_HEALTH_TIMEOUT_MS))]);
}

/** Registers the worker again with the scope of the player's own pages (once per device), so that
 * the player page and its assets are kept and open with the network cut; failures only cost the
 * offline re-open. */
export async function keepPlayerPagesOffline(): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || container.controller) return;
  await container.register(SW_SCRIPT_URL, { scope: PLAYER_PAGES_SCOPE, updateViaCache: 'none' });
  await controlled(container);
  if (container.controller) keepPageForOffline();
}
