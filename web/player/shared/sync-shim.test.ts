import { describe, expect, it } from 'vitest';
import {
  chooseSyncTexts,
  createSyncTexts,
  parsePackagePath,
  SYNC_SHIM,
  SYNC_TEXT_MAX_FILE_BYTES,
  SYNC_TEXT_MAX_TOTAL_BYTES,
  syncTextIndex,
  withSyncShim,
} from './sync-shim';

const NS = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const origin = 'http://content.test';

describe('parsePackagePath', () => {
  it.each([
    [`/local-activity/${NS}/_tobj1.txt`, { namespace: NS, path: '_tobj1.txt' }],
    [`/local-activity/${NS}/dir/a%20b.xml`, { namespace: NS, path: 'dir/a b.xml' }],
    [`/local-activity/${NS}/`, { namespace: NS, path: 'index.html' }],
    [`/local-activity/${NS}/sub/`, { namespace: NS, path: 'sub/index.html' }],
    [`/local-activity/xapi/${'x'.repeat(20)}/state`, null],
    [`/local-activity/${NS}`, null],
    [`/local-activity/${NS}/%E0%A4%A`, null],
    [`/api/${NS}/a.txt`, null],
  ])('%s', (pathname, expected) => {
    expect(parsePackagePath(pathname)).toEqual(expected);
  });
});

describe('chooseSyncTexts', () => {
  it('holds data files first, then markup, never scripts, styles or media', () => {
    const files = [
      { path: 'a001_page.html', size: 10 },
      { path: 'trivantis.js', size: 10 },
      { path: 'style.css', size: 10 },
      { path: 'images/a.png', size: 10 },
      { path: '_tobj1.txt', size: 10 },
      { path: 'data/Config.JSON', size: 10 },
      { path: 'README', size: 10 },
      { path: 'icons/logo.svg', size: 10 },
      { path: 'test.xml', size: 10 },
    ];
    expect(chooseSyncTexts(files).map((f) => f.path)).toEqual([
      '_tobj1.txt',
      'data/Config.JSON',
      'test.xml',
      'a001_page.html',
      'icons/logo.svg',
    ]);
  });

  it('skips a file above the per-file limit, and whatever no longer fits in the total', () => {
    const big = SYNC_TEXT_MAX_FILE_BYTES;
    const count = SYNC_TEXT_MAX_TOTAL_BYTES / big;
    const files = [
      { path: 'huge.txt', size: big + 1 },
      ...Array.from({ length: count - 1 }, (_, i) => ({ path: `data-${i}.txt`, size: big })),
      { path: 'almost.json', size: big - 10 },
      { path: 'late.txt', size: 100 },
      { path: 'page.html', size: 10 },
      { path: 'other.html', size: 1 },
    ];
    const chosen = chooseSyncTexts(files).map((f) => f.path);
    expect(chosen).not.toContain('huge.txt');
    expect(chosen).not.toContain('late.txt');
    // A smaller file after one that did not fit is still taken, up to the total exactly.
    expect(chosen.slice(-2)).toEqual(['almost.json', 'page.html']);
    expect(chosen).toHaveLength(count + 1);
  });
});

describe('createSyncTexts', () => {
  const encoder = new TextEncoder();
  const parts = { '_tobj1.txt': 'données é', 'dir/q.xml': '\uFEFF<q>1</q>', 'index.html': '<p>x</p>' };
  const bytes = encoder.encode(Object.values(parts).join(''));
  const index = syncTextIndex(
    Object.entries(parts).map(([path, text]) => ({ path, size: encoder.encode(text).length })),
  );
  const texts = createSyncTexts(NS, index, bytes);
  const url = (path: string, ns = NS) => new URL(`${origin}/local-activity/${ns}/${path}`);

  it('indexes files back to back', () => {
    expect(index).toEqual([
      ['_tobj1.txt', 0, 11],
      ['dir/q.xml', 11, 11],
      ['index.html', 22, 8],
    ]);
  });

  it('answers a GET for a held file of its package, decoded as the worker serves it', () => {
    expect(texts.answer(url('_tobj1.txt?v=2'), 'get')).toEqual({
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '11' },
      body: 'données é',
    });
    expect(texts.answer(url('dir/q.xml'), 'GET')?.body).toBe('<q>1</q>');
    expect(texts.answer(url('dir/q.xml'), 'GET')?.headers['content-type']).toBe('application/xml');
    expect(texts.answer(url(''), 'GET')?.body).toBe('<p>x</p>');
  });

  it('answers nothing else: other methods, other packages, files it does not hold', () => {
    expect(texts.answer(url('_tobj1.txt'), 'POST')).toBeNull();
    expect(texts.answer(url('_tobj1.txt'), 'HEAD')).toBeNull();
    expect(texts.answer(url('_tobj1.txt', OTHER), 'GET')).toBeNull();
    expect(texts.answer(url('trivantis.js'), 'GET')).toBeNull();
    expect(texts.answer(new URL(`${origin}/api/user/me`), 'GET')).toBeNull();
  });

  it('answers nothing from bytes that do not hold the index (a copy cut short)', () => {
    expect(createSyncTexts(NS, index, new Uint8Array(0)).answer(url('_tobj1.txt'), 'GET')).toBeNull();
  });
});

describe('withSyncShim', () => {
  it('inlines a shim that cannot end its script element early', () => {
    expect(SYNC_SHIM).not.toMatch(/<\/|<!--|<script/i);
  });

  const tag = `<script>${SYNC_SHIM}</script>`;
  it.each([
    [
      '<!DOCTYPE html><html><HEAD lang="en"><title>t</title>',
      `<!DOCTYPE html><html><HEAD lang="en">${tag}<title>t</title>`,
    ],
    ['<!doctype html><p>no head</p>', `<!doctype html>${tag}<p>no head</p>`],
    ['<header>not a head</header>', `${tag}<header>not a head</header>`],
    ['<frameset rows="0,*"></frameset>', `${tag}<frameset rows="0,*"></frameset>`],
  ])('%s', (html, expected) => {
    expect(joined(withSyncShim(new TextEncoder().encode(html)))).toBe(expected);
  });

  it('keeps the bytes of a page in another charset, and leaves a UTF-16 page alone', () => {
    // "Élève" in windows-1252 after the head tag: the page's bytes are kept as they are.
    const latin1 = Uint8Array.from([...Buffer.from('<html><head>', 'latin1'), 0xc9, 0x6c, 0xe8, 0x76, 0x65]);
    const parts = withSyncShim(latin1);
    expect(Buffer.concat(parts)).toEqual(
      Buffer.concat([
        Buffer.from('<html><head>'),
        Buffer.from(tag),
        Buffer.from([0xc9, 0x6c, 0xe8, 0x76, 0x65]),
      ]),
    );
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('<p>sans tête</p>')]);
    expect(
      Buffer.concat(withSyncShim(bom))
        .subarray(0, 3 + tag.length)
        .toString(),
    ).toBe(`\ufeff${tag}`);
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x3c, 0x00]);
    expect(withSyncShim(utf16)).toEqual([utf16]);
  });
});

const joined = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');

describe('SYNC_SHIM', () => {
  const pageUrl = `${origin}/local-activity/${NS}/dir/page.html`;
  class FakeXhr {
    realSends: unknown[] = [];
    events: string[] = [];
    open(..._args: unknown[]) {}
    send(body?: unknown) {
      this.realSends.push(body);
    }
    setRequestHeader(_name: string, _value: string) {}
    dispatchEvent(event: { type: string }) {
      this.events.push(event.type);
      return true;
    }
  }
  class FakeEvent {
    constructor(readonly type: string) {}
  }
  class FakeParser {
    parseFromString(text: string) {
      return { text, getElementsByTagName: () => [] };
    }
  }

  /** Runs the shim in a page framed by a player whose entry answers with `answer`. */
  function run(answer: ((...args: unknown[]) => unknown) | null, own: Record<string, unknown> = {}) {
    const asked: unknown[][] = [];
    const player: Record<string, unknown> = {};
    player.parent = player;
    const entry = (...args: unknown[]) => {
      asked.push(args);
      return answer?.(...args);
    };
    if (answer) player.ardoiseSync = { answer: entry };
    const win: Record<string, unknown> = { parent: player, ...own };
    const Xhr = class extends FakeXhr {};
    const location = { href: pageUrl, origin };
    new Function(
      'window',
      'location',
      'document',
      'XMLHttpRequest',
      'DOMParser',
      'Event',
      'ProgressEvent',
      SYNC_SHIM,
    )(win, location, { baseURI: pageUrl }, Xhr, FakeParser, FakeEvent, FakeEvent);
    return { asked, win, Xhr };
  }
  const text = { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'données' };

  it('answers a synchronous GET under /local-activity/ without sending it', () => {
    const { asked, Xhr } = run(() => text);
    const xhr = new Xhr() as FakeXhr & Record<string, unknown>;
    xhr.open('GET', '../_tobj1.txt', false);
    xhr.setRequestHeader('X-Test', 'oui');
    xhr.send();
    expect(asked).toEqual([[`${origin}/local-activity/${NS}/_tobj1.txt`, 'GET', { 'x-test': 'oui' }, '']]);
    expect(xhr.realSends).toEqual([]);
    expect([xhr.readyState, xhr.status, xhr.statusText, xhr.responseText, xhr.response]).toEqual([
      4,
      200,
      'OK',
      'données',
      'données',
    ]);
    expect(xhr.responseXML).toBeNull();
    expect((xhr.getResponseHeader as (n: string) => unknown)('Content-Type')).toBe(
      'text/plain; charset=utf-8',
    );
    expect(xhr.events).toEqual(['readystatechange', 'load', 'loadend']);
  });

  it('gives an XML answer its document', () => {
    const { Xhr } = run(() => ({ ...text, headers: { 'content-type': 'application/xml' }, body: '<q/>' }));
    const xhr = new Xhr() as FakeXhr & Record<string, unknown>;
    xhr.open('GET', 'q.xml', 0);
    xhr.send();
    expect((xhr.responseXML as { text: string }).text).toBe('<q/>');
  });

  it('sends asynchronous requests, other paths and unanswered ones to the network', () => {
    const { asked, Xhr } = run(() => null);
    const requests: unknown[][] = [
      ['GET', 'a.txt'],
      ['GET', 'a.txt', true],
      ['GET', 'http://other.test/local-activity/x.txt', false],
      ['GET', '/api/user/me', false],
      ['GET', 'a.txt', false],
    ];
    for (const args of requests) {
      const xhr = new Xhr();
      xhr.open(...args);
      xhr.send('body');
      expect(xhr.realSends).toEqual(['body']);
    }
    expect(asked).toHaveLength(1); // only the last one was asked about, and not answered
  });

  it('does nothing to requests outside the player (no entry on the parents)', () => {
    const { Xhr } = run(null);
    expect(Xhr.prototype.send).toBe(FakeXhr.prototype.send);
  });

  it('gives a page without one a trivExitPage, and keeps a page’s own', () => {
    expect(typeof run(null).win.trivExitPage).toBe('function');
    const own = () => 'own';
    expect(run(null, { trivExitPage: own }).win.trivExitPage).toBe(own);
  });
});
