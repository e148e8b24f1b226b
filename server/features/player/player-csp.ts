// The Content-Security-Policy of each page of the player build on the content origin: the teacher area's
// player, the H5P runtime and the admin preview player. Each keeps data on the content origin and
// names who may frame it (frame-ancestors checks every ancestor, up to the app page).
/** Framed by the app's /activity/:id. */
export function playerPageCsp(appOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    "frame-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
}

/** H5P content runs in the page itself (h5p-standalone's 'div' embedding): the package's libraries
 * are script files (no inline script, no eval), styles are inline everywhere, media and fonts may
 * be data: or blob: URLs; the page registers the service worker. Framed by the teacher area's player or
 * the preview player (content origin), inside the app. */
export function h5pPageCsp(appOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');
}

/** The admin preview player: our scripts only, and no request of its own at all (connect-src
 * 'none'), so its SCORM runtime cannot commit anywhere. It frames /content/ and /player/h5p/, and
 * only the app may frame it. */
export function previewPageCsp(appOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'none'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
}
