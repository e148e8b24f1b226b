// Which files of an unzipped package are served, under which path (their path in the zip): unsafe
// or junk entries are dropped; the page to open is the launch page the server recognised.

const JUNK = new Set(['__MACOSX', '.DS_Store', 'Thumbs.db']);

/** The entry's path without '.', empty segments or backslashes; null for folders and unsafe names. */
export function normalisePath(name: string): string | null {
  if (name.endsWith('/') || name.endsWith('\\')) return null;
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..' || JUNK.has(part))) return null;
  return parts.join('/');
}

/** The launch page's file in the zip and the URL path that opens it (relative to the package's
 * folder on the service worker, query string kept); throws when the package does not hold it. */
export function resolveLaunch(
  paths: readonly string[],
  root: string,
  launch: string,
): { file: string; url: string } {
  const cut = launch.search(/[?#]/);
  const page = cut === -1 ? launch : launch.slice(0, cut);
  const rest = cut === -1 ? '' : launch.slice(cut);
  const held = new Set(paths);
  // A manifest may give its href percent-encoded or not.
  const candidates = [normalisePath(root + page), normalisePath(root + safeDecode(page))];
  const file = candidates.find((candidate): candidate is string => candidate !== null && held.has(candidate));
  if (!file) throw new Error(`The package has no ${root}${page}`);
  return { file, url: file.split('/').map(encodeURIComponent).join('/') + rest };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
