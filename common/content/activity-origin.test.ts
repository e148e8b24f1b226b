// Where each activity plays: a host of its own under the content host, the same scheme and port;
// an address has no sub-hosts, so every activity shares it.
import { describe, expect, it } from 'vitest';
import {
  activityOrigin,
  activityOriginsSource,
  previewOrigin,
  separatesActivities,
} from './activity-origin.js';

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

describe('previewOrigin', () => {
  const hash = 'ab'.repeat(32);
  it('previews each package on a host of its own, named by its hash, under the content host', () => {
    expect(previewOrigin('https://ardoise-contenu.example', hash)).toBe(
      `https://preview-${'ab'.repeat(16)}.ardoise-contenu.example`,
    );
    expect(previewOrigin('https://c.example', hash)).not.toBe(
      previewOrigin('https://c.example', 'cd'.repeat(32)),
    );
    // A DNS label holds 63 characters at most.
    expect(
      new URL(previewOrigin('https://c.example', hash)).hostname.split('.')[0]!.length,
    ).toBeLessThanOrEqual(63);
    // Under the activities' CSP source.
    expect(activityOriginsSource('https://c.example')).toBe('https://*.c.example');
  });

  it('keeps the preview on the content origin when it is an address', () => {
    expect(previewOrigin('http://127.0.0.1:8081', hash)).toBe('http://127.0.0.1:8081');
  });
});
