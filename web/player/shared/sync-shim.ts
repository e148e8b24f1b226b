// Synchronous XMLHttpRequest in the content's pages. Chromium does not hand synchronous XHR to
// service workers, so a request the content makes that way to /local-activity/… reaches the
// content server, which holds no package (404). Lectora reads its tests and page data
// (_tobj….txt) like this, Rise's scormdriver its xAPI state. The worker adds a small shim
// (SYNC_SHIM) first in the head of every HTML page it serves; the shim answers synchronous
// same-origin requests under /local-activity/ from the player page on its parent chain
// (window.ardoiseSync): the xAPI endpoint from the launch's LRS, the package's files from the
// small text files the player holds in memory (chosen below). What it cannot answer goes to the
// network as before; asynchronous requests still go through the worker.
import { packageContentType } from '@/common/content/content-types.js';
import { PACKAGE_PAGE_HELPERS, withHeadScript } from '@/common/page-head-script.js';
import { NAMESPACE_PATTERN } from '../../shared/protocol';
import { BLANK_FRAME_HELPER } from './blank-frames';
import type { SyncTextIndex } from './offline-db';

export const PACKAGE_SCOPE_PATH = '/local-activity/';

/** A package file's URL path: its namespace and its path in the zip (a folder → its index.html). */
export function parsePackagePath(pathname: string): { namespace: string; path: string } | null {
  if (!pathname.startsWith(PACKAGE_SCOPE_PATH)) return null;
  const rest = pathname.slice(PACKAGE_SCOPE_PATH.length);
  const slash = rest.indexOf('/');
  const namespace = slash === -1 ? '' : rest.slice(0, slash);
  if (!NAMESPACE_PATTERN.test(namespace)) return null;
  let path: string;
  try {
    path = decodeURIComponent(rest.slice(slash + 1));
  } catch {
    return null;
  }
  if (path === '' || path.endsWith('/')) path += 'index.html';
  return { namespace, path };
}

// --- Which files the player holds in memory for synchronous reads ---

/** Read first: the data files content loads itself (Lectora's _tobj….txt / .xml, JSON, XML). */
const DATA_EXTENSIONS = new Set(['txt', 'xml', 'json', 'csv', 'tsv', 'xsl', 'xslt', 'vtt', 'srt']);
/** Then markup, while the total allows. Scripts, styles and media are left out: the browser loads
 * them itself (through the worker), content rarely reads them with synchronous XHR. */
const MARKUP_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'svg']);
/** No single file above this size is held. */
export const SYNC_TEXT_MAX_FILE_BYTES = 256 * 1024;
/** At most this much in all (bytes as stored; decoded only when asked for). */
export const SYNC_TEXT_MAX_TOTAL_BYTES = 4 * 1024 * 1024;

function extensionRank(path: string): number {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  if (DATA_EXTENSIONS.has(extension)) return 0;
  if (MARKUP_EXTENSIONS.has(extension)) return 1;
  return -1;
}

/** The files to hold, in the order given: data files first, then markup, each taken while it fits
 * in the total (a file that does not fit is skipped, a smaller one after it may still be taken). */
export function chooseSyncTexts<T extends { path: string; size: number }>(files: readonly T[]): T[] {
  const chosen: T[] = [];
  let total = 0;
  for (const rank of [0, 1]) {
    for (const file of files) {
      if (extensionRank(file.path) !== rank || file.size > SYNC_TEXT_MAX_FILE_BYTES) continue;
      if (total + file.size > SYNC_TEXT_MAX_TOTAL_BYTES) continue;
      chosen.push(file);
      total += file.size;
    }
  }
  return chosen;
}

/** The index of files packed back to back in the order given. */
export function syncTextIndex(files: readonly { path: string; size: number }[]): SyncTextIndex {
  let offset = 0;
  return files.map(({ path, size }) => {
    const record: [string, number, number] = [path, offset, size];
    offset += size;
    return record;
  });
}

/** What a synchronous request gets (the same shape as the LRS's answers). */
export type SyncAnswer = { status: number; headers: Record<string, string>; body: string };

/** The package's held files, answering GETs for its own namespace only. */
export function createSyncTexts(namespace: string, index: SyncTextIndex, bytes: Uint8Array) {
  const files = new Map(index.map(([path, offset, size]) => [path, { offset, size }]));
  const decoder = new TextDecoder();
  return {
    size: files.size,
    answer(url: URL, method: string): SyncAnswer | null {
      if (method.toUpperCase() !== 'GET') return null;
      const target = parsePackagePath(url.pathname);
      if (target?.namespace !== namespace) return null;
      const file = files.get(target.path);
      if (!file || file.offset + file.size > bytes.length) return null;
      // Served as the worker serves it: UTF-8 (a byte order mark is dropped, as XHR does).
      const body = decoder.decode(bytes.subarray(file.offset, file.offset + file.size));
      return {
        status: 200,
        headers: { 'content-type': packageContentType(target.path), 'content-length': String(file.size) },
        body,
      };
    },
  };
}
export type SyncTexts = ReturnType<typeof createSyncTexts>;

// --- The shim and its entry on the player page ---

/** Where the player page puts its entry for the shim. */
export const SYNC_KEY = 'ardoiseSync';
export type SyncEntry = {
  /** The answer to a synchronous same-origin request under /local-activity/, or null: the
   * request then goes to the network. */
  answer(url: string, method: string, headers: Record<string, string>, body: string): SyncAnswer | null;
};

/** Runs before the page's own scripts, after the guard and the frameset helper
 * (common/page-head-script.ts) and the blank-frame helper (blank-frames.ts).
 * Does nothing outside the player (no entry on the parents).
 * Only synchronous requests (open's third argument given and false) to this origin's
 * /local-activity/ are asked about; a request the entry answers is not sent, the XHR object
 * gets the answer as a finished request (readyState 4, status, texts, headers, responseXML for
 * XML types) and fires readystatechange, load and loadend. */
export const SYNC_SHIM = `${PACKAGE_PAGE_HELPERS}
${BLANK_FRAME_HELPER}
(function () {
  var entry = null;
  try {
    for (var w = window.parent, i = 0; w && i < 10; i++) {
      if (w.${SYNC_KEY}) { entry = w.${SYNC_KEY}; break; }
      if (w.parent === w) break;
      w = w.parent;
    }
  } catch (e) { return; }
  if (!entry || typeof entry.answer !== 'function') return;
  var proto = XMLHttpRequest.prototype, open = proto.open, send = proto.send, setHeader = proto.setRequestHeader;
  proto.open = function (method, url, async) {
    var target = null;
    try { target = new URL(String(url), document.baseURI); } catch (e) {}
    this.__ardoiseSync = arguments.length > 2 && !async && target && target.origin === location.origin &&
      target.pathname.indexOf('${PACKAGE_SCOPE_PATH}') === 0 ? { method: String(method), url: target.href, headers: {} } : null;
    return open.apply(this, arguments);
  };
  proto.setRequestHeader = function (name, value) {
    if (this.__ardoiseSync) this.__ardoiseSync.headers[String(name).toLowerCase()] = String(value);
    return setHeader.apply(this, arguments);
  };
  proto.send = function (body) {
    var request = this.__ardoiseSync;
    var answer = request && entry.answer(request.url, request.method, request.headers, body == null ? '' : String(body));
    if (!answer) return send.apply(this, arguments);
    var headers = answer.headers, xml = /xml/i.test(headers['content-type'] || ''), doc;
    var fields = { readyState: 4, status: answer.status,
      statusText: answer.status === 204 ? 'No Content' : answer.status < 300 ? 'OK' : '',
      responseText: answer.body, response: answer.body, responseURL: request.url };
    for (var key in fields) Object.defineProperty(this, key, { value: fields[key], configurable: true });
    Object.defineProperty(this, 'responseXML', { configurable: true, get: function () {
      if (!xml) return null;
      if (doc === undefined) {
        doc = new DOMParser().parseFromString(answer.body, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) doc = null;
      }
      return doc;
    } });
    this.getResponseHeader = function (name) { var v = headers[String(name).toLowerCase()]; return v === undefined ? null : v; };
    this.getAllResponseHeaders = function () {
      return Object.keys(headers).map(function (k) { return k + ': ' + headers[k] + '\\r\\n'; }).join('');
    };
    this.dispatchEvent(new Event('readystatechange'));
    this.dispatchEvent(new ProgressEvent('load'));
    this.dispatchEvent(new ProgressEvent('loadend'));
  };
})();
`;

/** The page's bytes with the shim as the first thing it runs, as parts to join (inline: the
 * worker's CSP allows inline scripts; fetched, it held up each re-open by ≈ 15 ms, measured). */
export function withSyncShim(page: Uint8Array): Uint8Array[] {
  return withHeadScript(page, SYNC_SHIM);
}
