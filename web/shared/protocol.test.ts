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
  xapi: null,
};
const xapi = {
  activityId: 'https://example.org/au/1',
  moveOn: 'Completed',
  masteryScore: null,
  actor: { objectType: 'Agent', name: 'Groupe', account: { homePage: 'http://app', name: 'g1' } },
  registration: '6f1f5a34-3c1b-4b8f-9a8e-0d5a3b3c2a10',
  launchMode: 'Normal',
};

describe('isAppMessage: app:launch', () => {
  it('accepts a launch with or without kept runtime data', () => {
    expect(isAppMessage(launch)).toBe(true);
    expect(isAppMessage({ ...launch, runtime: null, root: '', kind: 'h5p', launch: 'h5p.json' })).toBe(true);
  });
  it('accepts a cmi5 launch with its xAPI facts and kept documents', () => {
    const runtime = { standard: 'cmi5', data: { documents: [] }, updatedAt: '2026-11-23T10:00:00.000Z' };
    expect(isAppMessage({ ...launch, kind: 'cmi5', launch: 'au/index.html?x=1', runtime, xapi })).toBe(true);
    expect(isAppMessage({ ...launch, kind: 'tincan', runtime: null, xapi })).toBe(true);
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
    ['a cmi5 launch without its xAPI facts', { kind: 'cmi5', xapi: null }],
    [
      'a cmi5 launch whose registration is not a UUID',
      { kind: 'cmi5', xapi: { ...xapi, registration: 'r' } },
    ],
    ['xAPI facts on a SCORM launch', { xapi }],
  ])('refuses %s', (_name, change) => {
    expect(isAppMessage({ ...launch, ...change })).toBe(false);
  });
});

describe('isAppMessage: app:clear', () => {
  it('accepts the clear page’s request', () => {
    expect(isAppMessage({ type: 'app:clear' })).toBe(true);
    expect(isAppMessage({ type: 'app:clear-everything' })).toBe(false);
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
