import { describe, expect, it } from 'vitest';
import { normalisePath, resolveLaunch } from './package-files';

describe('normalisePath', () => {
  it.each([
    ['index.html', 'index.html'],
    ['./css/app.css', 'css/app.css'],
    ['a\\b.js', 'a/b.js'],
    ['dir/', null],
    ['../evil.html', null],
    ['a/../../b', null],
    ['__MACOSX/._index.html', null],
    ['img/.DS_Store', null],
  ])('%s → %s', (name, expected) => {
    expect(normalisePath(name)).toBe(expected);
  });
});

describe('resolveLaunch', () => {
  it('finds the launch page under the root and keeps its query string', () => {
    expect(resolveLaunch(['index.html', 'a.js'], '', 'index.html')).toEqual({
      file: 'index.html',
      url: 'index.html',
    });
    expect(resolveLaunch(['site/res/index.html'], 'site/', 'res/index.html?lang=fr#top')).toEqual({
      file: 'site/res/index.html',
      url: 'site/res/index.html?lang=fr#top',
    });
  });
  it('accepts a percent-encoded or a plain href and encodes the URL', () => {
    const paths = ['cours/mon module/été.html'];
    const expected = { file: 'cours/mon module/été.html', url: 'cours/mon%20module/%C3%A9t%C3%A9.html' };
    expect(resolveLaunch(paths, 'cours/', 'mon%20module/%C3%A9t%C3%A9.html')).toEqual(expected);
    expect(resolveLaunch(paths, 'cours/', 'mon module/été.html')).toEqual(expected);
  });
  it('refuses a package without its launch page', () => {
    expect(() => resolveLaunch(['a.js'], '', 'index.html')).toThrow('The package has no index.html');
    expect(() => resolveLaunch(['one/index.html'], 'two/', 'index.html')).toThrow('no two/index.html');
  });
});
