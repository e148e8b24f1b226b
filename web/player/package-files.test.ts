import { describe, expect, it } from 'vitest';
import { normalisePath, packageRoot } from './package-files';

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

describe('packageRoot', () => {
  it('serves from the root or from a single top folder holding index.html', () => {
    expect(packageRoot(['index.html', 'a.js'])).toBe('');
    expect(packageRoot(['site/index.html', 'site/a.js'])).toBe('site/');
  });
  it('refuses a package without index.html where it can be served', () => {
    expect(() => packageRoot(['a.js'])).toThrow('no index.html');
    expect(() => packageRoot(['one/index.html', 'two/a.js'])).toThrow('no index.html');
  });
});
