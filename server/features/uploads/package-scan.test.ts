// Unit tests of the pieces of recognition that need no server: href resolution, parameters and the
// warnings scan on odd input.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PackageListing } from './package-listing.js';
import { packageWarnings } from './package-warnings.js';
import { resolveHref, withParameters } from './scorm-manifest.js';

const listing = (files: Record<string, Buffer | number>): PackageListing => ({
  sizes: new Map(
    Object.entries(files).map(([name, content]) => [
      name,
      typeof content === 'number' ? content : content.length,
    ]),
  ),
  read: async (name, maxBytes) => {
    const content = files[name];
    return Buffer.isBuffer(content) ? content.subarray(0, maxBytes) : Buffer.alloc(0);
  },
});

describe('launch href', () => {
  it('joins the xml:base values as folders and stays inside the package', () => {
    expect(resolveHref(['a/', 'b', undefined], 'c/../d.html?x=1#top')).toEqual({
      path: 'a/b/d.html',
      query: '?x=1',
      fragment: '#top',
    });
    expect(resolveHref([], 'res/page%20un.html')).toEqual({
      path: 'res/page un.html',
      query: '',
      fragment: '',
    });
    expect(resolveHref(['a/'], '../../x.html')).toBeNull();
    expect(resolveHref([], 'https://example.com/x.html')).toBeNull();
    expect(resolveHref(['/abs/'], 'x.html')).toBeNull();
  });

  it('appends item parameters as the content packaging spec says', () => {
    const href = (query = '', fragment = '') => ({ path: 'p.html', query, fragment });
    expect(withParameters(href(), '?a=1')).toBe('p.html?a=1');
    expect(withParameters(href(), '&a=1')).toBe('p.html?a=1');
    expect(withParameters(href('?m=n'), 'a=1')).toBe('p.html?m=n&a=1');
    expect(withParameters(href('?m=n'), '?a=1')).toBe('p.html?m=n&a=1');
    expect(withParameters(href(), '#part2')).toBe('p.html#part2');
    expect(withParameters(href('', '#own'), '#part2')).toBe('p.html#own');
    expect(withParameters(href('?m=n', '#f'), 'a=1')).toBe('p.html?m=n&a=1#f');
    expect(withParameters(href(), undefined)).toBe('p.html');
  });
});

describe('warnings scan', () => {
  it('flags files over 50 MB without reading them', async () => {
    const warnings = await packageWarnings(
      listing({ 'video/big.mp4': 60 * 1024 * 1024, 'index.html': Buffer.from('<p>') }),
    );
    expect(warnings).toEqual([
      { code: 'large-files', message: expect.any(String), examples: ['video/big.mp4'] },
    ]);
  });

  it('never fails on binary or UTF-16 pages and still reads UTF-16 ones', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<script src="https://cdn.example.net/x.js"></script>', 'utf16le'),
    ]);
    const warnings = await packageWarnings(
      listing({
        'noise.js': crypto.randomBytes(200_000),
        'page.htm': utf16,
        'bad.html': Buffer.from([0xc3, 0x28, 0xa0]),
      }),
    );
    expect(warnings).toEqual([
      { code: 'external-hosts', message: expect.any(String), examples: ['cdn.example.net'] },
    ]);
  });

  it('ignores links to other sites and URLs in comments', async () => {
    const page = '<a href="https://example.com">site</a><!-- see https://docs.example.com -->';
    const script = '// https://github.com/some/lib (MIT)\nvar x = "https://example.org";';
    expect(
      await packageWarnings(listing({ 'index.html': Buffer.from(page), 'lib.js': Buffer.from(script) })),
    ).toEqual([]);
  });
});
