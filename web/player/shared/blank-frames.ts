// Documents content writes into blank frames. Content such as the "H5P in SCORM" wrapper's
// h5p-standalone inserts `<iframe src="about:blank">` (or one without src) and at once
// `document.write`s a whole page into it, whose stylesheets and scripts are relative URLs into the
// package. The written document takes the parent's base URL, but Chromium gives an about:blank
// frame no service-worker controller: those requests reach the content server (404 for
// /local-activity/…) or, offline, nothing. A frame cannot be given a controller after the fact, and
// content writes before any navigation could finish, so the shim (in every package page the
// worker serves, sync-shim.ts) catches the write instead: when content reaches a blank frame's
// document through the iframe element (contentDocument / contentWindow, as content does), its
// open / write / close are held until close (or the end of the task), then
// - markup that loads something by URL is replayed in BLANK_PAGE_NAME, a page the worker serves in
//   the parent's folder (so relative URLs resolve as they would have): the frame goes there and
//   that page, controlled like any package page, writes the held markup into itself while parsing;
// - inline markup only is written into the blank frame as content asked, synchronously at close
//   (content that measures or reads it back at once keeps working).
// Outside a worker-controlled package page the shim does nothing here: the admin preview's pages
// come from the content server, which serves the relative URLs of a blank frame itself.

/** The page of every package folder that a blank frame's held markup is replayed in. */
export const BLANK_PAGE_NAME = '.ardoise-blank.html';
/** Where the held markup waits, on the iframe element (the replaying page reads its frameElement). */
const HELD_KEY = '__ardoiseWritten';

/** Served by the worker for any `…/.ardoise-blank.html` of a package (its shim goes first, as in
 * every page). The held markup is written while the page is parsed, into this same (controlled)
 * document: its doctype line is ignored there, its html attributes are kept. */
export const BLANK_PAGE = `<!doctype html><html><head><script>(function () {
  var frame = null;
  try { frame = window.frameElement; } catch (e) {}
  var held = frame && frame.${HELD_KEY};
  if (typeof held !== 'string') return;
  try { delete frame.${HELD_KEY}; } catch (e) {}
  document.write(held);
})();</script></head></html>`;

/** In the shim, after the frameset helper. ES5, ASCII, no markup (it is inlined in a script). */
export const BLANK_FRAME_HELPER = `(function () {
  if (typeof HTMLIFrameElement === 'undefined' || typeof navigator === 'undefined' ||
    !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  var folder = /^\\/local-activity\\/[^\\/]+\\//.exec(location.pathname);
  if (!folder) return;
  var page;
  try { page = new URL('${BLANK_PAGE_NAME}', document.baseURI); } catch (e) { return; }
  if (page.origin !== location.origin || page.pathname.indexOf(folder[0]) !== 0) return;
  var LOADS = /\\s(?:src|href|srcset|data|poster|background)\\s*=|url\\s*\\(|@import/i;
  var proto = HTMLIFrameElement.prototype;
  var docGetter = Object.getOwnPropertyDescriptor(proto, 'contentDocument').get;
  var winGetter = Object.getOwnPropertyDescriptor(proto, 'contentWindow').get;
  var METHODS = ['open', 'write', 'writeln', 'close'];

  function watch(frame) {
    var win = winGetter.call(frame), doc;
    try {
      if (!win || win.location.href !== 'about:blank') return;
      if (win.navigator.serviceWorker && win.navigator.serviceWorker.controller) return;
      doc = win.document;
      if (!doc || doc.open !== win.Document.prototype.open) return;
    } catch (e) { return; }
    var real = {}, held = null, opened = false, scheduled = false;
    METHODS.forEach(function (name) { real[name] = doc[name]; });
    function flush() {
      scheduled = false;
      if (held === null) return;
      var html = held;
      held = null;
      METHODS.forEach(function (name) { delete doc[name]; });
      if (!LOADS.test(html)) {
        real.open.call(doc);
        real.write.call(doc, html);
        real.close.call(doc);
        return;
      }
      var pending = frame.${HELD_KEY};
      frame.${HELD_KEY} = (opened || typeof pending !== 'string' ? '' : pending) + html;
      if (typeof pending !== 'string') win.location.replace(page.href);
    }
    function hold(text) {
      if (held === null) held = '';
      held += text;
      if (!scheduled) {
        scheduled = true;
        Promise.resolve().then(flush);
      }
    }
    doc.open = function () {
      if (arguments.length > 2) return real.open.apply(doc, arguments);
      opened = true;
      hold('');
      return doc;
    };
    doc.write = function () { hold(Array.prototype.join.call(arguments, '')); };
    doc.writeln = function () { hold(Array.prototype.join.call(arguments, '') + '\\n'); };
    doc.close = flush;
  }

  Object.defineProperty(proto, 'contentDocument', { configurable: true, enumerable: true,
    get: function () { watch(this); return docGetter.call(this); } });
  Object.defineProperty(proto, 'contentWindow', { configurable: true, enumerable: true,
    get: function () { watch(this); return winGetter.call(this); } });
})();`;
