// The service worker's side of the H5P runtime page (/player/h5p/): the page registers the worker a
// second time with that scope, so that its requests (and its content frame's) for
// /local-activity/ are answered from the stored package, and so that the page and its assets
// (h5p-standalone's bundles, styles, fonts) come from Cache Storage when the network is gone.
// The cache is named after the build of the H5P page; older ones are dropped on activation.
import { H5P_RUNTIME_SCOPE } from './protocol';

const ASSETS_PATH = '/player/assets/';
const CACHE_PREFIX = 'ardoise-h5p-runtime-';
/** Filled in at build time (vite.player.config.ts): a hash of the built H5P page, which names every
 * asset it loads by content hash. */
declare const __H5P_RUNTIME_VERSION__: string;
const CACHE_NAME = `${CACHE_PREFIX}${__H5P_RUNTIME_VERSION__}`;

/** True for what the H5P page loads from its own build: the page itself and the hashed assets. */
export function isH5PRuntimeRequest(request: Request, url: URL): boolean {
  if (request.method !== 'GET') return false;
  const isPage = url.pathname === H5P_RUNTIME_SCOPE || url.pathname === `${H5P_RUNTIME_SCOPE}index.html`;
  return isPage || url.pathname.startsWith(ASSETS_PATH);
}

/** Assets (immutable names): the cached copy, else the network's, kept. The page (no-cache): the
 * network's, kept, else the last copy when offline. */
export async function answerH5PRuntime(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  if (url.pathname.startsWith(ASSETS_PATH)) {
    const hit = await cache.match(url.pathname);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  }
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(H5P_RUNTIME_SCOPE, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(H5P_RUNTIME_SCOPE);
    if (copy) return copy;
    throw error;
  }
}

/** Drops the caches of earlier builds. */
export async function dropOldH5PRuntimeCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}
