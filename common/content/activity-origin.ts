// Where an activity plays: a host of its own under the content origin's host
// (`activity-12.content.ardoise.example`, 12 being the id in /activity/{id}: one activity of one
// group), so that what a package's script can reach (that origin's storage, service worker and
// cookies) holds its own files and journal only, never the player data of another activity. The
// same activity in two groups (or two pupils' entries) plays on two origins; the app origin keeps
// the package and hands it to the other origin's player (one download per device:
// web/src/features/teacher-area/lib/kept-packages.ts). Production needs a wildcard DNS record and certificate
// for `*.<content host>` (docs/deployment.md); browsers resolve `*.localhost` to loopback
// themselves. An IP address has no sub-hosts: a CONTENT_URL by address plays every activity on the
// content origin itself, without that isolation (tests that need no host names only).

const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

const hasSubHosts = (url: URL) => !IP_HOST.test(url.hostname);

/** Whether activities get origins of their own under `contentUrl` (not under an address). */
export const separatesActivities = (contentUrl: string) => hasSubHosts(new URL(contentUrl));

/** The origin the activity of `/activity/{activityId}` plays on. */
export function activityOrigin(contentUrl: string, activityId: number): string {
  const url = new URL(contentUrl);
  if (!hasSubHosts(url)) return url.origin;
  url.hostname = `activity-${activityId}.${url.hostname}`;
  return url.origin;
}

/** The origin the admin previews a package on (`preview-<first 32 hex digits of its sha256>.<content
 * host>`): one per package, so that no package's storage or cookies meet another's, and a new
 * upload never meets what an earlier package left on a reused activity id. */
export function previewOrigin(contentUrl: string, packageHash: string): string {
  const url = new URL(contentUrl);
  if (!hasSubHosts(url)) return url.origin;
  url.hostname = `preview-${packageHash.slice(0, 32)}.${url.hostname}`;
  return url.origin;
}

/** Every activity's (and package preview's) origin, as a CSP source (`http://*.content.example:8081`). */
export function activityOriginsSource(contentUrl: string): string {
  const url = new URL(contentUrl);
  return hasSubHosts(url) ? `${url.protocol}//*.${url.host}` : url.origin;
}
