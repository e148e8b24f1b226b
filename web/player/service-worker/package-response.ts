// The headers the offline player's service worker sends with a package's file (sw.ts), before the
// length and range ones: the type stored with the file, the package policy shared with the content
// origin's preview and its Connection-Allowlist (no WebRTC, nothing to other origins), no caching (the
// device's copy is the cache).
import { CONNECTION_ALLOWLIST, packageCsp } from '@/common/content/package-csp.js';

/** `storedType`: the type the unzip worker stored with the file (packageContentType of its path). */
export function packageResponseHeaders(storedType: string, appOrigin: string): Headers {
  return new Headers({
    'content-type': storedType || 'application/octet-stream',
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
    'content-security-policy': packageCsp(appOrigin),
    'connection-allowlist': CONNECTION_ALLOWLIST,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
}
