// The H5P runtime page plays only package folders of this origin: an offline copy or a preview.
import { describe, expect, it } from 'vitest';
import { h5pPackageFolder } from './h5p-base';

const origin = 'http://content.test';
const hash = 'a'.repeat(64);

describe('h5pPackageFolder', () => {
  it('accepts an offline copy (with or without a top folder) and a preview folder', () => {
    expect(h5pPackageFolder(`/local-activity/${hash}/`, origin)).toBe(`/local-activity/${hash}/`);
    expect(h5pPackageFolder(`/local-activity/${hash}/mon%20jeu/`, origin)).toBe(
      `/local-activity/${hash}/mon%20jeu/`,
    );
    expect(h5pPackageFolder('/content/42/', origin)).toBe('/content/42/');
  });

  it.each([
    null,
    '',
    'local-activity/x/',
    `/local-activity/${hash}`,
    '/local-activity/ABC/',
    `/local-activity/${'A'.repeat(64)}/`,
    '/content/0/',
    '/content/4a/',
    '/content/42/../../player/',
    '/content/42/%2e%2e/',
    '/content/42/a%2fb/',
    '/content/42/a\\b/',
    `/local-activity/${hash}/./`,
    '//evil.test/content/1/',
    'http://evil.test/content/1/',
    '/content/42/?x=1/',
    '/player/h5p/',
    '/api/user/',
  ])('refuses %s', (base) => {
    expect(h5pPackageFolder(base, origin)).toBeNull();
  });
});
