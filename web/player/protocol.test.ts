import { describe, expect, it } from 'vitest';
import { isAppMessage } from './protocol';

const namespace = 'a'.repeat(64);
const launch = {
  type: 'app:launch',
  namespace,
  kind: 'scorm12',
  root: 'cours/',
  launch: 'sco/start.html?lang=fr',
  runtime: { standard: 'scorm12', data: { cmi: {} }, updatedAt: '2026-11-23T10:00:00.000Z' },
  launchId: 'abcdefghijklmnop',
};

describe('isAppMessage: app:launch', () => {
  it('accepts a launch with or without kept runtime data', () => {
    expect(isAppMessage(launch)).toBe(true);
    expect(isAppMessage({ ...launch, runtime: null, root: '', kind: 'h5p', launch: 'h5p.json' })).toBe(true);
  });
  it.each([
    ['an unknown kind', { kind: 'flash' }],
    ['a root that is not a folder', { root: 'cours' }],
    ['a root going up', { root: '../' }],
    ['an absolute launch page', { launch: '/etc/passwd' }],
    ['a launch page on another site', { launch: 'https://example.com/x.html' }],
    ['a launch page going up', { launch: 'a/../../x.html' }],
    ['a short launch id', { launchId: 'short' }],
    ['runtime data that is not an object', { runtime: { standard: 'scorm12', data: 'x' } }],
    ['runtime data of a plain page', { runtime: { standard: 'html5', data: {} } }],
    ['a namespace that is not a hash', { namespace: 'x' }],
  ])('refuses %s', (_name, change) => {
    expect(isAppMessage({ ...launch, ...change })).toBe(false);
  });
});

describe('isAppMessage: app:runtime-ack', () => {
  it('accepts write ids, and nothing else', () => {
    expect(isAppMessage({ type: 'app:runtime-ack', writes: [{ launchId: launch.launchId, seq: 3 }] })).toBe(
      true,
    );
    expect(isAppMessage({ type: 'app:runtime-ack', writes: [{ launchId: launch.launchId, seq: 0 }] })).toBe(
      false,
    );
    expect(isAppMessage({ type: 'app:runtime-ack', writes: 'all' })).toBe(false);
  });
});
