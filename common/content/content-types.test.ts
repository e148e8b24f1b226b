import { describe, expect, it } from 'vitest';
import { packageContentType } from './content-types.js';

describe('packageContentType', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['activite/INDEX.HTM', 'text/html; charset=utf-8'],
    ['a.b/lib/app.min.js', 'text/javascript; charset=utf-8'],
    // XML: the file's own declaration names its encoding.
    ['data/_tobj1.xml', 'application/xml'],
    ['page.xhtml', 'application/xhtml+xml'],
    ['sons/cloche.opus', 'audio/ogg'],
    ['sons/cloche.weba', 'audio/webm'],
    ['fonts/x.eot', 'application/vnd.ms-fontobject'],
    ['data/scores.csv', 'text/csv; charset=utf-8'],
    ['annexe.zip', 'application/zip'],
    ['README', 'application/octet-stream'],
    ['.htaccess', 'application/octet-stream'],
    ['dir.v2/file', 'application/octet-stream'],
    ['weird.constructor', 'application/octet-stream'],
    ['trailing.', 'application/octet-stream'],
  ])('%s → %s', (path, type) => {
    expect(packageContentType(path)).toBe(type);
  });
});
