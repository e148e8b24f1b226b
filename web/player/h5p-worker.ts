// Puts the H5P runtime page under the service worker before it plays: the worker answers the
// page's requests for /local-activity/ (the stored package) and keeps the runtime for offline use.
// A page is controlled by the worker of its own scope, so the page registers the worker for
// /player/h5p/ (the same script as the player's /local-activity/ registration) and waits for it to
// claim the page.
import { SW_HEALTH_TIMEOUT_MS } from '../../common/constants.js';
import { H5P_RUNTIME_SCOPE } from './protocol';
import { SW_SCRIPT_URL } from './service-worker-client';

/** The page and the scripts it loaded before the worker controlled it went past the worker's
 * cache: asked for again through it, so that the page opens offline next time. */
function keepPageForOffline(): void {
  const urls = [window.location.href];
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src], link[rel="modulepreload"]',
  )) {
    urls.push(element instanceof HTMLScriptElement ? element.src : element.href);
  }
  for (const url of urls) fetch(url).catch(() => undefined);
}

/** Resolves once the page is controlled, or after a timeout (the page then plays from the network,
 * which is enough for a preview under /content/). */
export async function takeControl(): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || container.controller) return;
  const claimed = new Promise<void>((resolve) => {
    container.addEventListener('controllerchange', () => resolve(), { once: true });
  });
  const asked = (async () => {
    await container.register(SW_SCRIPT_URL, { scope: H5P_RUNTIME_SCOPE, updateViaCache: 'none' });
    // An active worker claims the pages of its scope when it activates; a page loaded after that
    // (a hard reload) asks for it.
    const registration = await container.ready;
    registration.active?.postMessage({ type: 'claim' });
  })();
  asked.catch((error: unknown) => console.error(error));
  await Promise.race([claimed, new Promise((resolve) => setTimeout(resolve, SW_HEALTH_TIMEOUT_MS))]);
  if (container.controller) keepPageForOffline();
}
