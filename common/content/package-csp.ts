// The Content-Security-Policy of an activity package's files, the same whether the content origin
// serves them (the admin preview, /content/{id}/…) or the offline player's service worker does from
// the device (/local-activity/…). Packages are arbitrary HTML5: inline scripts and styles, eval
// (some authoring tools), and data: / blob: URLs for scripts, styles, fonts, frames, workers and
// fetches. Those stay on this origin; nothing can be loaded from, sent to or framed by another one
// (but the app, which frames the player and the preview). Pure: bundled into the service worker.

export function packageCsp(appOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:",
    "style-src 'self' 'unsafe-inline' data: blob:",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "connect-src 'self' data: blob:",
    "frame-src 'self' data: blob:",
    "worker-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // frame-ancestors checks every ancestor: the package's own pages (Rise and Opale frame theirs),
    // the player or preview player (this origin), then the app page.
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');
}

/**
 * The Connection-Allowlist of every answer of the content origin and the activities' origins:
 * a document (or worker) of those origins connects to its own origin only, WebRTC included, which
 * no CSP directive covers in Chromium (its `webrtc` directive is not implemented there); it also
 * refuses popups and frame navigations to other origins. Browsers without it ignore the header
 * (docs/security.md says what remains there).
 */
export const CONNECTION_ALLOWLIST = '(response-origin);webrtc=block';
