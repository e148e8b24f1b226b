// Where each activity plays: a host of its own under the content host, the same scheme and port;
// an address has no sub-hosts, so every activity shares it.
import { describe, expect, it } from 'vitest';
import { activityOrigin, activityOriginsSource, separatesActivities } from './activity-origin.js';

describe('activityOrigin', () => {
  it('puts each activity on a host of its own under the content host, same scheme and port', () => {
    expect(activityOrigin('https://content.ardoise.example', 12)).toBe(
      'https://activity-12.content.ardoise.example',
    );
    expect(activityOrigin('http://content.ardoise.localhost:8081/', 7)).toBe(
      'http://activity-7.content.ardoise.localhost:8081',
    );
    expect(activityOrigin('http://localhost:8081', 3)).toBe('http://activity-3.localhost:8081');
    expect(activityOrigin('https://content.example', 1)).not.toBe(
      activityOrigin('https://content.example', 2),
    );
  });

  it('keeps every activity on the content origin when it is an address', () => {
    for (const address of ['http://127.0.0.1:8081', 'http://[::1]:8081']) {
      expect(separatesActivities(address)).toBe(false);
      expect(activityOrigin(address, 12)).toBe(new URL(address).origin);
      expect(activityOriginsSource(address)).toBe(new URL(address).origin);
    }
    expect(separatesActivities('https://content.ardoise.example')).toBe(true);
  });

  it('names every activity origin as one CSP source', () => {
    expect(activityOriginsSource('https://content.ardoise.example')).toBe(
      'https://*.content.ardoise.example',
    );
    expect(activityOriginsSource('http://content.ardoise.localhost:8081')).toBe(
      'http://*.content.ardoise.localhost:8081',
    );
  });
});
