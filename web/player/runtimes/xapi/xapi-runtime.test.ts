import { describe, expect, it } from 'vitest';
import type { XapiLaunch } from '@/common/schemas/xapi.js';
import { randomUuid } from '../../shared/random-uuid';
import { launchQuery, withLaunchQuery } from './xapi-runtime';

const xapi: XapiLaunch = {
  activityId: 'https://example.org/au/1?x=1',
  moveOn: 'Completed',
  masteryScore: null,
  actor: { objectType: 'Agent', name: 'Groupe A', account: { homePage: 'http://app', name: 'g1' } },
  registration: '6f1f5a34-3c1b-4b8f-9a8e-0d5a3b3c2a10',
  launchMode: 'Normal',
};
const endpoint = 'http://content/local-activity/xapi/abcdefghijklmnop/';

describe('launch query', () => {
  it('carries the cmi5 parameters (§8.1), each decodable with decodeURIComponent', () => {
    const params = new URLSearchParams(launchQuery('cmi5', xapi, endpoint, 'tok'));
    expect(Object.fromEntries(params)).toEqual({
      endpoint,
      fetch: `${endpoint}fetch`,
      actor: JSON.stringify(xapi.actor),
      registration: xapi.registration,
      activityId: xapi.activityId,
    });
    const actor = launchQuery('cmi5', xapi, endpoint, 'tok').match(/actor=([^&]*)/)?.[1] ?? '';
    expect(JSON.parse(decodeURIComponent(actor))).toEqual(xapi.actor);
  });
  it('carries the Tin Can parameters with the Basic auth and no fetch', () => {
    const params = new URLSearchParams(launchQuery('tincan', xapi, endpoint, 'tok'));
    expect(params.get('auth')).toBe('Basic tok');
    expect(params.get('activity_id')).toBe(xapi.activityId);
    expect(params.has('fetch')).toBe(false);
  });
  it('keeps the start page own query and fragment', () => {
    expect(withLaunchQuery('/a/index.html', 'q=1')).toBe('/a/index.html?q=1');
    expect(withLaunchQuery('/a/index.html?lang=fr#top', 'q=1')).toBe('/a/index.html?lang=fr&q=1#top');
  });
  it('makes version 4 UUIDs', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
