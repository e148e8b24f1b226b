// A script put first in a package's HTML page, before the page's own scripts: the player's
// service worker adds its synchronous-XHR shim this way (web/player/shared/sync-shim.ts), and the content
// origin adds PACKAGE_PAGE_HELPERS below to the pages of the admin preview (same sandbox, same need).
// Pages are handled as bytes, never decoded and encoded again: an export in windows-1252 or
// ISO-8859-1 (older French courses) is not turned into replacement characters.
import { PAGE_GUARD } from './page-guard.js';

/** One compatibility line for Lectora's frameset exports: their title manager frame opens each page
 * in its sibling content frame, and Ardoise's activity frames are sandboxed (so that content cannot
 * navigate the app's window), which lets a frame navigate only itself and its descendants. Lectora
 * calls the target page's `trivExitPage(url)` instead when it has one (its pages do, its loading
 * page a001content.html does not): a page without one gets one that navigates its own frame, which
 * the sandbox allows. A page's own function of that name replaces it. */
export const FRAMESET_HELPER = `(function () {
  if (!('trivExitPage' in window)) {
    Object.defineProperty(window, 'trivExitPage', { configurable: true, writable: true,
      value: function (url) { location.href = url; } });
  }
})();`;

/** What every package page runs first, in the player (before the shim's own parts) and in the
 * preview: the guard (common/page-guard.ts), then the frameset helper. */
export const PACKAGE_PAGE_HELPERS = `${PAGE_GUARD}
${FRAMESET_HELPER}`;

/** How far into a page its head tag is looked for. */
const HEAD_SEARCH_BYTES = 64 * 1024;

/** Where the script goes in the page's bytes: after its head tag, else after its doctype (and a
 * UTF-8 byte order mark), else at the start; null for a UTF-16 page (left as it is). Only ASCII
 * markup is looked at, so any ASCII-compatible charset works. */
export function headScriptOffset(page: Uint8Array): number | null {
  if ((page[0] === 0xff && page[1] === 0xfe) || (page[0] === 0xfe && page[1] === 0xff)) return null;
  let text = '';
  for (let i = 0; i < Math.min(page.length, HEAD_SEARCH_BYTES); i++) text += String.fromCharCode(page[i]!);
  const head = /<head\b[^>]*>/i.exec(text);
  if (head) return head.index + head[0].length;
  const bom = text.startsWith('\xef\xbb\xbf') ? 3 : 0;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(text.slice(bom));
  return bom + (doctype ? doctype.index + doctype[0].length : 0);
}

/** The page's bytes with `script` (ASCII) inline as the first thing it runs, in three parts to
 * join (inline: a script the page would fetch holds up its parsing by one more trip); the page
 * alone when it is left as it is. */
export function withHeadScript(page: Uint8Array, script: string): Uint8Array[] {
  const at = headScriptOffset(page);
  if (at === null) return [page];
  const tag = new TextEncoder().encode(`<script>${script}</script>`);
  return [page.subarray(0, at), tag, page.subarray(at)];
}
