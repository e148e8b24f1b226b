// Registers the offline player's service worker (fixed script path, scope /local-activity/),
// checks it answers, and keeps it healthy: a ping every 30 s with a 5 s reply timeout, and a fresh
// registration when it stays silent (SPEC §4, §9).
import { SW_HEALTH_INTERVAL_MS, SW_HEALTH_TIMEOUT_MS } from '../../common/constants.js';

export const SW_SCRIPT_URL = '/local-activity-sw.js';
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

/** Registers (or finds) the worker and resolves once it is active. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new Error('Service workers are not available');
  const registration = await navigator.serviceWorker.register(SW_SCRIPT_URL, {
    scope: SW_SCOPE,
    updateViaCache: 'none',
  });
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) throw new Error('No service worker to wait for');
  await activated(worker);
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
export function keepServiceWorkerHealthy(initial: ServiceWorkerRegistration): () => void {
  let registration = initial;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      if (!(await pingServiceWorker(registration))) {
        await registration.unregister().catch(() => false);
        registration = await registerServiceWorker();
      }
    } catch (error) {
      console.error('Service worker health check failed', error);
    } finally {
      busy = false;
    }
  }, SW_HEALTH_INTERVAL_MS);
  return () => clearInterval(timer);
}
