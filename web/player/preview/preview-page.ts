// The admin preview player, /player/preview/ on the content origin, framed by the app's
// /activity-preview/{id}: frames the package's start page under /content/{id}/, with a SCORM runtime
// on this page in preview mode (the content finds API / API_1484_11 on its parent; nothing is
// committed anywhere), or the H5P runtime page with a bridge that keeps nothing.
import { h5pMessages } from '../../../common/messages/h5p.js';
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import { H5P_BRIDGE_KEY, type H5PBridge } from '../runtimes/h5p/h5p-bridge';
import { framedUrl, readPreviewTarget } from './preview-target';

/** No commit URL (scorm-again then commits nowhere), no offline queue: a preview records nothing. */
const PREVIEW_SCORM_SETTINGS = {
  lmsCommitUrl: false,
  autocommit: false,
  enableOfflineSupport: false,
  logLevel: 4, // errors only: a package's calls are not the admin's concern
} as const;

type ScormModule = typeof import('scorm-again');

const noopBridge: H5PBridge = { previousState: null, saveState() {}, reportResult() {} };

/** Puts the runtime the content looks for on this window, its parent (each SCORM version's
 * runtime is loaded only for its packages). */
async function provideRuntime(kind: PackageKind): Promise<void> {
  const page = window as unknown as Record<string, unknown>;
  if (kind === 'scorm12') {
    // The version's own entry; its type file names a default export the build does not have.
    const { Scorm12API } = (await import('scorm-again/scorm12')) as unknown as ScormModule;
    page.API = new Scorm12API(PREVIEW_SCORM_SETTINGS);
  } else if (kind === 'scorm2004') {
    const { Scorm2004API } = (await import('scorm-again/scorm2004')) as unknown as ScormModule;
    page.API_1484_11 = new Scorm2004API(PREVIEW_SCORM_SETTINGS);
  } else if (kind === 'h5p') page[H5P_BRIDGE_KEY] = noopBridge;
}

function showError(detail: string): void {
  const box = document.getElementById('preview-error') as HTMLElement;
  const message = document.createElement('p');
  message.textContent = h5pMessages.previewRefused;
  const code = document.createElement('code');
  code.textContent = detail;
  box.replaceChildren(message, code);
  box.hidden = false;
}

const target = readPreviewTarget(window.location.search, window.location.origin);
const src = target && framedUrl(target, window.location.origin);
if (!target || !src) showError(window.location.search);
else {
  void provideRuntime(target.kind).then(() => {
    const frame = document.createElement('iframe');
    frame.title = h5pMessages.previewFrameTitle;
    frame.allow = 'autoplay; fullscreen';
    frame.src = src;
    document.body.append(frame);
  });
}
