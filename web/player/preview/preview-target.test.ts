// The admin preview player frames a package's start page under /content/{id}/, or the H5P page.
import { describe, expect, it } from 'vitest';
import { previewPlayerUrl } from '@/common/preview-player.js';
import { framedUrl, readPreviewTarget } from './preview-target';

const origin = 'http://content.test';
const search = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('the preview player target', () => {
  it('reads what the app page wrote and frames the start page, query kept, or the H5P page', () => {
    const url = new URL(
      previewPlayerUrl(origin, { base: '/content/7/', kind: 'scorm12', launch: 'res/index_lms.html?x=1' }),
    );
    expect(url.pathname).toBe('/player/preview/');
    const target = readPreviewTarget(url.search, origin);
    expect(target).toEqual({ base: '/content/7/', kind: 'scorm12', launch: 'res/index_lms.html?x=1' });
    expect(target && framedUrl(target, origin)).toBe('/content/7/res/index_lms.html?x=1');

    const h5p = readPreviewTarget(search({ base: '/content/7/', kind: 'h5p', launch: 'h5p.json' }), origin);
    expect(h5p && framedUrl(h5p, origin)).toBe('/player/h5p/?base=%2Fcontent%2F7%2F');
    const spaced = readPreviewTarget(
      search({ base: '/content/7/', kind: 'html5', launch: 'mon jeu.html' }),
      origin,
    );
    expect(spaced && framedUrl(spaced, origin)).toBe('/content/7/mon%20jeu.html');
    // A cmi5 AU previews its start page, without an endpoint.
    const cmi5 = readPreviewTarget(
      search({ base: '/content/7/', kind: 'cmi5', launch: 'au/index.html' }),
      origin,
    );
    expect(cmi5 && framedUrl(cmi5, origin)).toBe('/content/7/au/index.html');
  });

  it('takes a folder carrying the pass in its path, as the app gives it', () => {
    const base = `/content/7/3.7.1790000000000.${'Ab_-'.repeat(10)}abc/`;
    const target = readPreviewTarget(search({ base, kind: 'html5', launch: 'index.html' }), origin);
    expect(target && framedUrl(target, origin)).toBe(`${base}index.html`);
    const h5p = readPreviewTarget(search({ base, kind: 'h5p', launch: 'h5p.json' }), origin);
    expect(h5p && framedUrl(h5p, origin)).toBe(`/player/h5p/?${new URLSearchParams({ base })}`);
    // The start page cannot climb out of the pass's folder to another activity's.
    const climbing = readPreviewTarget(
      search({ base, kind: 'html5', launch: '../../8/x/index.html' }),
      origin,
    );
    expect(climbing && framedUrl(climbing, origin)).toBeNull();
  });

  it.each([
    { base: `/local-activity/${'a'.repeat(64)}/`, kind: 'html5', launch: 'index.html' },
    { base: '/content/7/', kind: 'flash', launch: 'index.html' },
    { base: '/content/7/', kind: 'html5', launch: '' },
    { base: '/content/7/', kind: 'html5', launch: '/api/user/me' },
    { base: '/content/7/', kind: 'html5', launch: 'javascript:alert(1)' },
    { base: '/content/7/', kind: 'html5', launch: '//evil.test/x' },
  ])('refuses $base $kind $launch', (params) => {
    expect(readPreviewTarget(search(params), origin)).toBeNull();
  });

  it('does not frame a start page that climbs out of the package', () => {
    const target = readPreviewTarget(
      search({ base: '/content/7/', kind: 'html5', launch: '../8/index.html' }),
      origin,
    );
    expect(target && framedUrl(target, origin)).toBeNull();
  });
});
