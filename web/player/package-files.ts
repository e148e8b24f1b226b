// Which files of an unzipped package are served, under which path: unsafe or junk entries are
// dropped, and a package whose index.html sits under a single top folder is served from there.

export type PackageFile = { path: string; data: Uint8Array };

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

/** The files to serve, relative to the folder holding index.html; throws when there is none. */
export function servedFiles(entries: Record<string, Uint8Array>): PackageFile[] {
  const files: PackageFile[] = [];
  for (const [name, data] of Object.entries(entries)) {
    const path = normalisePath(name);
    if (path) files.push({ path, data });
  }
  if (files.some((file) => file.path === 'index.html')) return files;
  const tops = new Set(files.map((file) => file.path.split('/')[0]));
  const [top] = tops;
  if (tops.size === 1 && files.some((file) => file.path === `${top}/index.html`)) {
    const prefix = `${top}/`;
    return files.map((file) => ({ path: file.path.slice(prefix.length), data: file.data }));
  }
  throw new Error('The package has no index.html');
}
