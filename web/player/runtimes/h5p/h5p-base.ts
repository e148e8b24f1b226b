// Which package folders the H5P runtime page (/player/h5p/?base=…) may play: a same-origin path
// under /local-activity/<hash>/ (the teacher area's offline copy) or /content/<id>/<pass>/ (the admin preview),
// nothing else, so a crafted link cannot make the page load scripts from anywhere else.
import { NAMESPACE_PATTERN } from '@/web/shared/protocol';

const CONTENT_ID = /^[1-9][0-9]{0,15}$/;

/** A folder segment: no dot segments, separators or encoded ones once decoded. */
function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[/\\\0?#]/.test(decoded);
}

/** The folder to read h5p.json, content/ and the libraries from, or null when `base` is not one
 * the page plays. `origin` is the page's own origin. */
export function h5pPackageFolder(base: string | null, origin: string): string | null {
  if (!base?.startsWith('/') || base.startsWith('//') || !base.endsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(base, origin);
  } catch {
    return null;
  }
  // The URL parser resolves dot segments and backslashes: what it reads must be what was given.
  if (url.origin !== origin || url.pathname !== base || url.search !== '' || url.hash !== '') return null;
  const [, scope, key, ...rest] = base.slice(0, -1).split('/');
  const keyIsValid =
    (scope === 'local-activity' && NAMESPACE_PATTERN.test(key ?? '')) ||
    (scope === 'content' && CONTENT_ID.test(key ?? ''));
  if (!keyIsValid || !rest.every(isPlainSegment)) return null;
  return base;
}
