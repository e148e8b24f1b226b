import { describe, expect, it } from 'vitest';
import { BLANK_FRAME_HELPER, BLANK_PAGE, BLANK_PAGE_NAME } from './blank-frames';
import { SYNC_SHIM } from './sync-shim';

const NS = 'a'.repeat(64);
const origin = 'http://content.test';
const pageUrl = `${origin}/local-activity/${NS}/dir/page.html`;

/** A blank frame's window: its document records what reaches the real open / write / close. */
function blankWindow(href = 'about:blank') {
  const calls: string[] = [];
  class FakeDocument {
    open() {
      calls.push('open');
      return this;
    }
    write(text: string) {
      calls.push(`write ${text}`);
    }
    writeln(text: string) {
      calls.push(`writeln ${text}`);
    }
    close() {
      calls.push('close');
    }
  }
  const replaced: string[] = [];
  const win = {
    Document: FakeDocument,
    document: new FakeDocument() as FakeDocument & Record<string, unknown>,
    navigator: { serviceWorker: { controller: null } },
    location: { href, replace: (url: string) => replaced.push(url) },
  };
  return { win, calls, replaced };
}

/** Runs the helper in a page at `pageUrl`, controlled unless told; returns its iframe class. */
function run({ controlled = true, baseURI = pageUrl } = {}) {
  class FakeIframe {
    win: unknown = null;
    get contentWindow() {
      return this.win;
    }
    get contentDocument() {
      return (this.win as { document?: unknown } | null)?.document ?? null;
    }
  }
  const original = Object.getOwnPropertyDescriptors(FakeIframe.prototype);
  new Function('HTMLIFrameElement', 'navigator', 'location', 'document', BLANK_FRAME_HELPER)(
    FakeIframe,
    { serviceWorker: { controller: controlled ? {} : null } },
    new URL(pageUrl),
    { baseURI },
  );
  const frame = (href?: string) => {
    const blank = blankWindow(href);
    const element = new FakeIframe() as FakeIframe & Record<string, unknown>;
    element.win = blank.win;
    return { element, ...blank };
  };
  return { FakeIframe, original, frame };
}

const loading = '<!doctype html><html class="h5p"><head><link rel="stylesheet" href="styles/h5p.css">';

describe('BLANK_FRAME_HELPER', () => {
  it('has a blank frame that loads files replay what was written in the folder’s worker page', () => {
    const { frame } = run();
    const { element, calls, replaced } = frame();
    const doc = element.contentDocument as unknown as Record<string, (...args: string[]) => unknown>;
    doc.open!();
    doc.write!(loading);
    doc.writeln!('<script src="workspace/lib.js">', '');
    doc.close!();
    expect(calls).toEqual([]);
    expect(replaced).toEqual([`${origin}/local-activity/${NS}/dir/${BLANK_PAGE_NAME}`]);
    expect(element.__ardoiseWritten).toBe(`${loading}<script src="workspace/lib.js">\n`);
    // Written again before the frame got there: one navigation, the new markup replaces the old.
    const again = element.contentWindow as { document: Record<string, (...args: string[]) => unknown> };
    again.document.open!();
    again.document.write!(loading);
    again.document.close!();
    expect(replaced).toHaveLength(1);
    expect(element.__ardoiseWritten).toBe(loading);
  });

  it('writes inline markup into the blank frame itself, at close', () => {
    const { frame } = run();
    const { element, calls, replaced } = frame();
    const doc = element.contentDocument as unknown as Record<string, (...args: string[]) => unknown>;
    doc.open!();
    doc.write!('<p id="m">', 'mesure</p>');
    expect(calls).toEqual([]);
    doc.close!();
    expect(calls).toEqual(['open', 'write <p id="m">mesure</p>', 'close']);
    expect(replaced).toEqual([]);
    // The document's own methods are back (its own later writes are not held).
    expect(Object.keys(doc)).toEqual([]);
  });

  it('flushes at the end of the task when content never closes', async () => {
    const { frame } = run();
    const { element, calls, replaced } = frame();
    (element.contentDocument as unknown as { write(text: string): void }).write(loading);
    expect(replaced).toEqual([]);
    await Promise.resolve();
    expect(replaced).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('leaves alone frames on a page, and controlled ones', () => {
    const { frame } = run();
    const onPage = frame(`${origin}/local-activity/${NS}/dir/other.html`);
    expect(Object.keys(onPage.element.contentDocument as object)).toEqual([]);
    const controlled = frame();
    controlled.win.navigator.serviceWorker.controller = {} as never;
    expect(Object.keys(controlled.element.contentDocument as object)).toEqual([]);
  });

  it('does nothing in a page no worker controls, or whose base leaves the package', () => {
    for (const options of [{ controlled: false }, { baseURI: `${origin}/content/3/page.html` }]) {
      const { FakeIframe, original } = run(options);
      expect(Object.getOwnPropertyDescriptors(FakeIframe.prototype)).toEqual(original);
    }
  });

  it('is inlined in the shim, which it cannot end early', () => {
    expect(SYNC_SHIM).toContain(BLANK_FRAME_HELPER);
    expect(BLANK_FRAME_HELPER).not.toMatch(/<\/|<!--|<script|[^\x20-\x7e\n]/i);
  });
});

describe('BLANK_PAGE', () => {
  const script = /<script>([\s\S]*)<\/script>/.exec(BLANK_PAGE)![1]!;
  const replay = (frameElement: unknown) => {
    const written: string[] = [];
    new Function('window', 'document', script)({ frameElement }, { write: (t: string) => written.push(t) });
    return written;
  };

  it('writes the markup held on its frame element once', () => {
    const element: Record<string, unknown> = { __ardoiseWritten: loading };
    expect(replay(element)).toEqual([loading]);
    expect(element).toEqual({});
  });

  it('stays blank without held markup (a reload), or outside a frame', () => {
    expect(replay({})).toEqual([]);
    expect(replay(null)).toEqual([]);
  });
});
