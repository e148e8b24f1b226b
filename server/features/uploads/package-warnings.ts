// The warnings worth an admin's reading about an accepted package: its own service worker, scripts
// or requests to other hosts, plug-in files, very large files. Pages and scripts are scanned within
// a budget (bytes per file, bytes in all, time), as bytes read as latin1: no encoding can break it.
import { packageWarningMessages } from '../../../common/messages/curriculum.js';
import type { PackageWarning, PackageWarningCode } from '../../../common/schemas/activity-package.js';
import type { PackageListing } from './package-listing.js';

const LARGE_FILE_BYTES = 50 * 1024 * 1024;
const SCAN_FILE_BYTES = 1024 * 1024;
const SCAN_TOTAL_BYTES = 16 * 1024 * 1024;
const SCAN_MAX_MS = 1500;
const MAX_EXAMPLES = 10;

const SCANNED = /\.(html?|xhtml|js|mjs)$/i;
const PLUGIN_FILES = /\.(swf|spl|dcr|dir|xap|jar|class|unity3d)$/i;
const SERVICE_WORKER = /serviceWorker\s*\.\s*register\s*\(/;
/** Resources a page loads from another host. */
const HTML_REMOTE =
  /<(?:script|iframe|link|img|audio|video|source|embed)\b[^>]*?\s(?:src|href)\s*=\s*["']?((?:https?:)?\/\/[^\s"'>]+)/gi;
/** Requests a script sends to another host. */
const SCRIPT_REMOTE = [
  /\b(?:fetch|sendBeacon|importScripts)\s*\(\s*["'`]((?:https?:)?\/\/[^\s"'`]+)/g,
  /\.open\s*\(\s*["'][A-Za-z]+["']\s*,\s*["'`]((?:https?:)?\/\/[^\s"'`]+)/g,
  /\.src\s*=\s*["'`]((?:https?:)?\/\/[^\s"'`]+)/g,
];

export async function packageWarnings(listing: PackageListing): Promise<PackageWarning[]> {
  const found = new Map<PackageWarningCode, Set<string>>();
  const note = (code: PackageWarningCode, example: string) => {
    const examples = found.get(code) ?? new Set<string>();
    if (examples.size < MAX_EXAMPLES) examples.add(example);
    found.set(code, examples);
  };

  for (const [name, size] of listing.sizes) {
    if (PLUGIN_FILES.test(name)) note('plugin-files', name);
    if (size > LARGE_FILE_BYTES) note('large-files', name);
  }

  const started = Date.now();
  let scanned = 0;
  for (const [name, size] of listing.sizes) {
    if (!SCANNED.test(name)) continue;
    if (scanned >= SCAN_TOTAL_BYTES || Date.now() - started > SCAN_MAX_MS) break;
    const text = decode(await listing.read(name, Math.min(size, SCAN_FILE_BYTES)));
    scanned += text.length;
    if (SERVICE_WORKER.test(text)) note('service-worker', name);
    const patterns = /\.x?html?$/i.test(name) ? [HTML_REMOTE, ...SCRIPT_REMOTE] : SCRIPT_REMOTE;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const host = hostOf(match[1] ?? '');
        if (host) note('external-hosts', host);
      }
    }
  }

  const order: PackageWarningCode[] = ['service-worker', 'external-hosts', 'plugin-files', 'large-files'];
  return order
    .filter((code) => found.has(code))
    .map((code) => ({ code, message: packageWarningMessages[code], examples: [...(found.get(code) ?? [])] }));
}

/** UTF-16 files (rare) by their byte order mark; everything else byte by byte. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.toString('utf16le');
  return bytes.toString('latin1');
}

function hostOf(url: string): string | null {
  try {
    return new URL(url, 'https://package.invalid/').host || null;
  } catch {
    return null;
  }
}
