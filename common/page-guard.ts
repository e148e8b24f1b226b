// What a package's page may not use, taken away before its own scripts run: every page the
// player's service worker or the content origin serves for a package gets PAGE_GUARD first
// (common/page-head-script.ts), and the player's own pages, which share their origin, apply
// guardWindow to themselves. The frames' sandbox and the content origin's Connection-Allowlist are
// what a browser enforces (docs/security.md); this covers what they leave to script:
// - WebRTC (RTCPeerConnection & co) is removed: it reaches any host, whatever connect-src says;
// - alert and confirm are answered by the player (the sandbox refuses the browser's own dialogs,
//   whose prompt() would hand what a teacher types to the package): the player page's dialog
//   entry has the app show the message as the activity's; confirm answers OK at once, as no
//   frame can wait for an answer the app gives; prompt gives nothing;
// - window.open and links go to the package's own origin only;
// - a same-origin frame reached through its element (contentWindow, contentDocument: blank
//   frames content writes into) gets the same, before the content uses it.

/** Where the player page (or the preview player) puts its dialog entry for the guard. */
export const DIALOG_KEY = 'ardoiseDialog';
export type DialogKind = 'alert' | 'confirm';
export type DialogEntry = { show(kind: DialogKind, text: string): void };

/** Self-contained (no outer name, no `<` followed by `/`, `!` or `script`): its source is inlined
 * in package pages. Does nothing twice for one window, nor for a window of another origin. */
export function guardWindow(target: object): void {
  // biome-ignore lint/suspicious/noExplicitAny: a window of any realm, patched by name.
  const win = target as any;
  try {
    if (win.__ardoiseGuarded) return;
    Object.defineProperty(win, '__ardoiseGuarded', { value: true });
  } catch {
    return;
  }
  for (const name of Object.getOwnPropertyNames(win)) {
    if (/^(webkit|moz)?RTC/.test(name)) {
      try {
        delete win[name];
      } catch {
        // A browser that keeps it: the Connection-Allowlist still refuses its connections.
      }
    }
  }

  const dialogEntry = () => {
    try {
      for (let w = win.parent, i = 0; w && i < 10; i++) {
        if (w.ardoiseDialog && typeof w.ardoiseDialog.show === 'function') return w.ardoiseDialog;
        if (w.parent === w) break;
        w = w.parent;
      }
    } catch {
      // A parent of another origin: no entry.
    }
    return null;
  };
  const show = (kind: string, message: unknown) => {
    const entry = dialogEntry();
    if (entry) entry.show(kind, message === undefined ? '' : String(message));
  };
  win.alert = (message?: unknown) => show('alert', message);
  win.confirm = (message?: unknown) => {
    show('confirm', message);
    return true;
  };
  win.prompt = () => null;

  const ownOrigin = (url: unknown) => {
    try {
      const parsed = new win.URL(String(url), win.document.baseURI);
      return parsed.origin === win.location.origin || parsed.href === 'about:blank';
    } catch {
      return false;
    }
  };
  const open = win.open;
  win.open = function (this: unknown, url?: unknown, ...rest: unknown[]) {
    if (url !== undefined && url !== null && String(url) !== '' && !ownOrigin(url)) return null;
    return open.call(this, url, ...rest);
  };
  win.addEventListener?.(
    'click',
    (event: { target: unknown; preventDefault(): void }) => {
      const start = event.target as { closest?: (selectors: string) => { href: string } | null } | null;
      const link = typeof start?.closest === 'function' ? start.closest('a[href], area[href]') : null;
      if (link && /^https?:/i.test(link.href) && !ownOrigin(link.href)) event.preventDefault();
    },
    true,
  );

  for (const element of [win.HTMLIFrameElement, win.HTMLFrameElement]) {
    const proto = element?.prototype;
    if (!proto) continue;
    for (const property of ['contentWindow', 'contentDocument']) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, property);
      const get = descriptor?.get;
      if (!get) continue;
      Object.defineProperty(proto, property, {
        configurable: true,
        enumerable: descriptor.enumerable,
        get(this: unknown) {
          const value = get.call(this);
          const child = property === 'contentWindow' ? value : value?.defaultView;
          if (child) guardWindow(child);
          return value;
        },
      });
    }
  }
}

/** The guard as an inline script for a package's page. */
export const PAGE_GUARD = `(${guardWindow.toString()})(window);`;
