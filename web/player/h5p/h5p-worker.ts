// Puts the H5P runtime page under the service worker before it plays: the worker answers the
// page's requests for /local-activity/ (the stored package) and keeps the runtime for offline use.
// A page is controlled by the worker of its own scope, so the page registers the worker for
// /player/h5p/ (the same script as the player's /local-activity/ registration) and waits for it to
// claim the page.
import { H5P_RUNTIME_SCOPE } from '../../shared/protocol';
import { controlled, keepPageForOffline, SW_SCRIPT_URL } from '../shared/service-worker-client';

/** Resolves once the page is controlled, or after a timeout (the page then plays from the network,
 * which is enough for a preview under /content/). */
export async function takeControl(): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || container.controller) return;
  const asked = (async () => {
    await container.register(SW_SCRIPT_URL, { scope: H5P_RUNTIME_SCOPE, updateViaCache: 'none' });
    // An active worker claims the pages of its scope when it activates; a page loaded after that
    // (a hard reload) asks for it.
    const registration = await container.ready;
    registration.active?.postMessage({ type: 'claim' });
  })();
  asked.catch((error: unknown) => console.error(error));
  await controlled(container);
  if (container.controller) keepPageForOffline();
}
