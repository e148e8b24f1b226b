// Which files of an unzipped package are served, under which path: unsafe or junk entries are
// dropped, and a package whose index.html sits under a single top folder is served from there.

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

/** The folder (prefix) holding index.html: the root, or a single top folder; throws when there is none. */
export function packageRoot(paths: readonly string[]): string {
  if (paths.includes('index.html')) return '';
  const tops = new Set(paths.map((path) => path.split('/')[0]));
  const [top] = tops;
  if (tops.size === 1 && paths.includes(`${top}/index.html`)) return `${top}/`;
  throw new Error('The package has no index.html');
}
