// The offline player's service worker, registered by the player page on its activity's origin at a
// fixed path with scope /local-activity/. It serves /local-activity/{namespace}/{path in the zip}
// from the package's complete IndexedDB copy, with the stored content type and single byte ranges
// (audio, video), and answers health pings. Registered again by the player page (scope /player/)
// and by the H5P runtime page (scope /player/h5p/), for which it keeps the player's pages and
// assets in Cache Storage, so that they open offline, and serves a kept copy only when it is the
// file the content origin serves (player-pages-cache.ts). Built
// as one self-contained classic script (no imports at runtime). It also serves the xAPI endpoint
// of cmi5 / Tin Can launches (/local-activity/xapi/{launchId}/) by asking the player page of the
// launch, which holds the launch's LRS: the worker stays a thin proxy. Every HTML page it serves for
// a package gets the synchronous-XHR shim first (sync-shim.ts), and any folder of a package has the
// page that documents written into blank frames are replayed in (blank-frames.ts).
import { parseByteRange } from '@/common/byte-range.js';
import { packageCsp } from '@/common/content/package-csp.js';
import { xapiLrsMessages } from '@/common/messages/xapi-lrs.js';
import { requestToPromise } from '../../shared/indexed-db';
import {
  isLrsResponse,
  parseXapiPath,
  XAPI_ENDPOINT_PATH,
  XAPI_RETURN_RESOURCE,
  type XapiRequestMessage,
} from '../runtimes/xapi/xapi-endpoint';
import type { LrsResponse } from '../runtimes/xapi/xapi-lrs';
import { BLANK_PAGE, BLANK_PAGE_NAME } from '../shared/blank-frames';
import {
  CHUNKS_STORE,
  databaseName,
  FILES_STORE,
  type FileRecord,
  isCurrentMeta,
  META_KEY,
  META_STORE,
} from '../shared/offline-db';
import { PACKAGE_SCOPE_PATH, parsePackagePath, withSyncShim } from '../shared/sync-shim';
import { packageResponseHeaders } from './package-response';
import {
  answerPlayerFile,
  dropOldPlayerCaches,
  playerFileKey,
  readPlayerFiles,
  servesPlayerPages,
} from './player-pages-cache';

// The DOM lib has no service-worker types; these are the few members used here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type ServiceWorkerScope = {
  location: Location;
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};
type WindowClient = { url: string; postMessage(message: unknown, transfer: Transferable[]): void };
const sw = self as unknown as ServiceWorkerScope;

/** Filled in by the server when it serves this script. */
const APP_ORIGIN = '__ARDOISE_APP_ORIGIN__';
/** The same: the player's files this worker may keep and serve (player-pages-cache.ts). */
const PLAYER_FILES_WRITTEN = '__ARDOISE_PLAYER_FILES__';

const databases = new Map<string, Promise<IDBDatabase | null>>();

/** The package's database, opened once and kept; null when the device holds no complete copy. */
function openPackage(namespace: string): Promise<IDBDatabase | null> {
  const cached = databases.get(namespace);
  if (cached) return cached;
  const request = indexedDB.open(databaseName(namespace));
  // Opening a missing database would create it: abort instead, so it stays missing.
  request.onupgradeneeded = () => request.transaction?.abort();
  const opened = requestToPromise(request).then(async (db) => {
    const forget = () => {
      db.close();
      databases.delete(namespace);
    };
    db.onversionchange = forget;
    db.onclose = forget;
    try {
      const transaction = db.transaction(META_STORE, 'readonly');
      const meta = await requestToPromise(transaction.objectStore(META_STORE).get(META_KEY));
      // Without its meta record the copy is incomplete (still being stored, or cut short).
      if (isCurrentMeta(meta)) return db;
    } catch {
      // Not a package database: treated as missing.
    }
    forget();
    return null;
  });
  const kept = opened.catch(() => {
    databases.delete(namespace);
    return null;
  });
  databases.set(namespace, kept);
  return kept;
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

async function readFile(namespace: string, path: string): Promise<Blob | undefined> {
  const db = await openPackage(namespace);
  if (!db) return undefined;
  try {
    const transaction = db.transaction([FILES_STORE, CHUNKS_STORE], 'readonly');
    const files = transaction.objectStore(FILES_STORE);
    const record = (await requestToPromise(files.get(path))) as FileRecord | undefined;
    if (!record) return undefined;
    const chunk = (await requestToPromise(transaction.objectStore(CHUNKS_STORE).get(record.chunk))) as
      | Blob
      | undefined;
    return chunk?.slice(record.offset, record.offset + record.size, record.type);
  } catch {
    databases.delete(namespace);
    return undefined;
  }
}

async function serve(request: Request, url: URL): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405 });
  }
  const target = parsePackagePath(url.pathname);
  if (!target) return notFound();
  const { namespace, path } = target;

  const blank = path === BLANK_PAGE_NAME || path.endsWith(`/${BLANK_PAGE_NAME}`);
  let blob = blank
    ? new Blob([BLANK_PAGE], { type: 'text/html; charset=utf-8' })
    : await readFile(namespace, path);
  if (!blob) return notFound();
  // Every page the content navigates to (frames included) gets the synchronous-XHR shim first.
  if (request.mode === 'navigate' && blob.type.startsWith('text/html')) {
    blob = new Blob(withSyncShim(new Uint8Array(await blob.arrayBuffer())) as BlobPart[], {
      type: blob.type,
    });
  }

  const headers = packageResponseHeaders(blob.type, APP_ORIGIN);
  const range = parseByteRange(request.headers.get('range') ?? undefined, blob.size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${blob.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = range ? blob.slice(range.start, range.end + 1) : blob;
  headers.set('content-length', String(body.size));
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
  return new Response(request.method === 'HEAD' ? null : body, { status: range ? 206 : 200, headers });
}

/** The player page's path: only it runs launches (the preview and H5P pages do not). */
const PLAYER_PATHS = new Set(['/player/', '/player/index.html']);
/** More than any statement batch or state document the content may send. */
const XAPI_BODY_MAX_CHARS = 2 * 1024 * 1024;
const PLAYER_ANSWER_MS = 5_000;

const xapiError = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-experience-api-version': '1.0.3' },
  });

/** Asks each player page; the one running `launchId` answers, the others answer null. */
async function askPlayer(message: XapiRequestMessage): Promise<LrsResponse | null> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const players = windows.filter((client) => PLAYER_PATHS.has(new URL(client.url).pathname));
  if (players.length === 0) return null;
  return new Promise((resolve) => {
    let waiting = players.length;
    const timer = setTimeout(() => resolve(null), PLAYER_ANSWER_MS);
    const settle = (answer: LrsResponse | null) => {
      clearTimeout(timer);
      resolve(answer);
    };
    for (const client of players) {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => {
        channel.port1.close();
        if (isLrsResponse(event.data)) settle(event.data);
        else if (--waiting === 0) settle(null);
      };
      client.postMessage(message, [channel.port2]);
    }
  });
}

const returnPage = () =>
  new Response(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${xapiLrsMessages.returnTitle}</title></head><body><p>${xapiLrsMessages.returnText}</p></body></html>`,
    {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': packageCsp(APP_ORIGIN),
      },
    },
  );

async function answerXapi(request: Request, url: URL): Promise<Response> {
  const path = parseXapiPath(url.pathname);
  if (!path) return notFound();
  const { launchId, resource } = path;
  if (resource === XAPI_RETURN_RESOURCE) return returnPage();
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  if (body.length > XAPI_BODY_MAX_CHARS) return xapiError(413, xapiLrsMessages.bodyTooLarge);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const answer = await askPlayer({
    type: 'xapi:request',
    launchId,
    request: {
      method: request.method === 'HEAD' ? 'GET' : request.method,
      resource,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    },
  });
  if (!answer) return xapiError(503, xapiLrsMessages.noPlayer);
  const empty = answer.status === 204 || request.method === 'HEAD';
  return new Response(empty ? null : answer.body, {
    status: answer.status,
    headers: { ...answer.headers, 'cache-control': 'no-store' },
  });
}

sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
const servesPages = servesPlayerPages(sw.registration.scope);
const playerFiles = servesPages ? readPlayerFiles(PLAYER_FILES_WRITTEN) : {};

sw.addEventListener('activate', (event) =>
  event.waitUntil(Promise.all([sw.clients.claim(), servesPages ? dropOldPlayerCaches() : undefined])),
);

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith(XAPI_ENDPOINT_PATH)) event.respondWith(answerXapi(event.request, url));
  else if (url.pathname.startsWith(PACKAGE_SCOPE_PATH)) event.respondWith(serve(event.request, url));
  else if (servesPages) {
    const key = playerFileKey(event.request, url, playerFiles);
    const file = key ? playerFiles[key] : undefined;
    if (key && file)
      event.respondWith(answerPlayerFile(event.request, key, file, (work) => event.waitUntil(work)));
  }
});

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'ping') event.ports[0]?.postMessage({ type: 'pong' });
  // A page of the scope loaded before the worker was active (or by a hard reload) asks for it.
  else if (type === 'claim') (event as MessageEvent & ExtendableEvent).waitUntil(sw.clients.claim());
});
