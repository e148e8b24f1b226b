// What each page of the player build may do and who may frame it (the E2E checks the browser
// applies them: the H5P content plays, the preview's SCORM runtime reaches nothing).
import { describe, expect, it } from 'vitest';
import { h5pPageCsp, playerPageCsp, previewPageCsp } from './player-csp.js';

const app = 'http://app.test';
const directives = (csp: string) =>
  new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]));

describe('the player pages’ policies', () => {
  it('lets only the app frame the player and the preview player', () => {
    expect(directives(playerPageCsp(app)).get('frame-ancestors')).toBe(app);
    expect(directives(previewPageCsp(app)).get('frame-ancestors')).toBe(app);
  });

  it('lets the preview player frame the content origin and connect nowhere', () => {
    const preview = directives(previewPageCsp(app));
    expect(preview.get('frame-src')).toBe("'self'");
    expect(preview.get('connect-src')).toBe("'none'");
    expect(preview.get('script-src')).toBe("'self'");
  });

  it('runs H5P from this origin only: scripts without inline code or eval, data kept here', () => {
    const h5p = directives(h5pPageCsp(app));
    expect(h5p.get('frame-ancestors')).toBe(`'self' ${app}`);
    expect(h5p.get('script-src')).toBe("'self'");
    expect(h5p.get('connect-src')).toBe("'self'");
    expect(h5p.get('worker-src')).toBe("'self'");
    expect(h5p.get('object-src')).toBe("'none'");
    expect(h5p.get('default-src')).toBe("'self'");
  });
});
