// The service worker's side of the player's own pages on each activity's origin: the player page
// (/player/) and the H5P runtime page (/player/h5p/), with the hashed assets they load, kept in
// Cache Storage so that they open with the network cut: an activity the device holds opens again
// offline (the player frame is reloaded after each activity), and H5P content keeps its runtime.
// Served by the registrations whose scope holds those pages (/player/, /player/h5p/). The pages are
// network first (they carry no hash), the assets cache first (immutable names), each kept as it
// passes; a page loaded before the worker controlled it asks for what it loaded again through it
// (service-worker-client.ts). The cache is named after the build; older ones are dropped on
// activation.
// The package played on this origin can write that cache too: a copy is served only when its bytes
// hash to what the content origin wrote into this worker (common/content/player-files.ts), with
// those headers; any other copy is never served, and the file is fetched again (and kept in its
// place). What the worker has checked it answers from memory while it runs.
import type { PlayerFile, PlayerFiles } from '@/common/content/player-files.js';
import { PLAYER_CACHE_PREFIXES, PLAYER_PAGES_SCOPE } from '../../shared/protocol';

const ASSETS_PATH = '/player/assets/';
/** Filled in at build time (vite.player.config.ts): a hash of the built pages, which name every
 * asset they load by content hash. */
declare const __PLAYER_BUILD_VERSION__: string;
const CACHE_NAME = `ardoise-player-${__PLAYER_BUILD_VERSION__}`;

/** True for a registration whose scope holds the player's pages. */
export function servesPlayerPages(scope: string): boolean {
  return new URL(scope).pathname.startsWith(PLAYER_PAGES_SCOPE);
}

/** The list the content origin wrote into the worker script (base64 of its JSON); empty when the
 * script was not served by it (nothing is kept then). */
export function readPlayerFiles(written: string): PlayerFiles {
  try {
    const files: unknown = JSON.parse(atob(written));
    return files && typeof files === 'object' ? (files as PlayerFiles) : {};
  } catch {
    return {};
  }
}

/** The path under which one of the player's files is kept (a page by its folder), or null for
 * anything else. */
export function playerFileKey(request: Request, url: URL, files: PlayerFiles): string | null {
  if (request.method !== 'GET') return null;
  const path = url.pathname.endsWith('/index.html')
    ? url.pathname.slice(0, -'index.html'.length)
    : url.pathname;
  // Keys start with '/': no inherited property answers.
  return files[path] ? path : null;
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The body of `copy` when it is the file the content origin serves. */
export async function verifiedBody(
  copy: Response | undefined,
  file: PlayerFile,
): Promise<ArrayBuffer | null> {
  if (!copy) return null;
  const body = await copy.arrayBuffer();
  return (await sha256Hex(body)) === file.sha256 ? body : null;
}

/** A checked body, with the headers the content origin sends (not those of a kept copy). */
export const playerFileResponse = (body: ArrayBuffer, file: PlayerFile) =>
  new Response(body, { headers: { ...file.headers, 'x-content-type-options': 'nosniff' } });

/** The bodies this worker has checked, by key, answered from memory while it runs (no package
 * reaches a worker's memory): a page loaded again does not wait for the cache and the hash. */
const checked = new Map<string, ArrayBuffer>();

/** Assets: the kept copy, else the network's. A page: the network's, else the kept copy when
 * offline. What the network gives is kept, and checked, without making the page wait (`keep`). */
export async function answerPlayerFile(
  request: Request,
  key: string,
  file: PlayerFile,
  keep: (work: Promise<unknown>) => void,
): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const remembered = () => {
    const body = checked.get(key);
    if (!body) return null;
    // The kept copy may have been rewritten meanwhile: put back, off the page's way.
    keep(cache.put(key, playerFileResponse(body, file)));
    return playerFileResponse(body, file);
  };
  const kept = async () => {
    const body = await verifiedBody(await cache.match(key), file);
    if (!body) return null;
    checked.set(key, body);
    return playerFileResponse(body, file);
  };
  const fromNetwork = async () => {
    const response = await fetch(request);
    if (response.ok) {
      keep(cache.put(key, response.clone()));
      keep(verifiedBody(response.clone(), file).then((body) => body && checked.set(key, body)));
    }
    return response;
  };
  if (key.startsWith(ASSETS_PATH)) return remembered() ?? (await kept()) ?? fromNetwork();
  try {
    return await fromNetwork();
  } catch (error) {
    const copy = remembered() ?? (await kept());
    if (copy) return copy;
    throw error;
  }
}

/** Drops the caches of earlier builds. */
export async function dropOldPlayerCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter(
        (name) => PLAYER_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix)) && name !== CACHE_NAME,
      )
      .map((name) => caches.delete(name)),
  );
}
