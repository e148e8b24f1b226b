// The service worker's side of the player's own pages on each activity's origin: the player page
// (/player/) and the H5P runtime page (/player/h5p/), with the hashed assets they load, kept in
// Cache Storage so that they open with the network cut: an activity the device holds opens again
// offline (the player frame is reloaded after each activity), and H5P content keeps its runtime.
// Served by the registrations whose scope holds those pages (/player/, /player/h5p/). The pages are
// network first (they carry no hash), the assets cache first (immutable names), each kept as it
// passes; a page loaded before the worker controlled it asks for what it loaded again through it
// (service-worker-client.ts). The cache is named after the build; older ones are dropped on
// activation.
import { PLAYER_PAGES_SCOPE } from '../../shared/protocol';

const ASSETS_PATH = '/player/assets/';
const PAGES = ['/player/', '/player/h5p/'];
const CACHE_PREFIXES = ['ardoise-player-', 'ardoise-h5p-runtime-'];
/** Filled in at build time (vite.player.config.ts): a hash of the built pages, which name every
 * asset they load by content hash. */
declare const __PLAYER_BUILD_VERSION__: string;
const CACHE_NAME = `ardoise-player-${__PLAYER_BUILD_VERSION__}`;

/** True for a registration whose scope holds the player's pages. */
export function servesPlayerPages(scope: string): boolean {
  return new URL(scope).pathname.startsWith(PLAYER_PAGES_SCOPE);
}

/** The cache key of one of the player's pages or assets, or null for anything else. */
export function playerPageKey(request: Request, url: URL): string | null {
  if (request.method !== 'GET') return null;
  if (url.pathname.startsWith(ASSETS_PATH)) return url.pathname;
  const page = url.pathname.endsWith('/index.html')
    ? url.pathname.slice(0, -'index.html'.length)
    : url.pathname;
  return PAGES.includes(page) ? page : null;
}

/** Assets: the cached copy, else the network's. A page: the network's, else the last copy when
 * offline. What the network gives is kept without making the page wait (`keep`). */
export async function answerPlayerPage(
  request: Request,
  key: string,
  keep: (work: Promise<unknown>) => void,
): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const fromNetwork = async () => {
    const response = await fetch(request);
    if (response.ok) keep(cache.put(key, response.clone()));
    return response;
  };
  if (key.startsWith(ASSETS_PATH)) return (await cache.match(key)) ?? fromNetwork();
  try {
    return await fromNetwork();
  } catch (error) {
    const copy = await cache.match(key);
    if (copy) return copy;
    throw error;
  }
}

/** Drops the caches of earlier builds. */
export async function dropOldPlayerCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => CACHE_PREFIXES.some((prefix) => name.startsWith(prefix)) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}
