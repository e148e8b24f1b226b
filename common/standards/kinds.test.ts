import { describe, expect, it } from 'vitest';
import { runtimeStandardOf } from './index.js';
import {
  familyOf,
  isPackageKind,
  isRuntimeStandard,
  isXapiKind,
  PACKAGE_KINDS,
  RUNTIME_STANDARDS,
  sendsStatements,
} from './kinds.js';

describe('standard kinds', () => {
  it('gives each runtime standard its family, and plain HTML5 none', () => {
    expect(PACKAGE_KINDS.map((kind) => [kind, familyOf(kind)])).toEqual([
      ['html5', null],
      ['scorm12', 'scorm'],
      ['scorm2004', 'scorm'],
      ['h5p', 'h5p'],
      ['cmi5', 'xapi'],
      ['tincan', 'xapi'],
    ]);
  });

  it('agrees with the registry: the xapi family is the one launched with an xAPI actor', () => {
    for (const standard of RUNTIME_STANDARDS) {
      expect(runtimeStandardOf(standard).xapiLaunch).toBe(isXapiKind(standard));
    }
  });

  it('says which kinds send statements the teacher can read: H5P and the xAPI family, not SCORM', () => {
    expect(PACKAGE_KINDS.filter(sendsStatements)).toEqual(['h5p', 'cmi5', 'tincan']);
  });

  it('recognises the names only', () => {
    expect(isPackageKind('html5')).toBe(true);
    expect(isPackageKind('scorm')).toBe(false);
    expect(isPackageKind(undefined)).toBe(false);
    expect(isRuntimeStandard('html5')).toBe(false);
    expect(isRuntimeStandard('tincan')).toBe(true);
    expect(isRuntimeStandard(['h5p'])).toBe(false);
  });
});
