// The admin preview player, /player/preview/ on the content origin, framed by the app's
// /activity-preview/{id}: frames the package's start page under /content/{id}/, with a SCORM runtime
// on this page in preview mode (the content finds API / API_1484_11 on its parent; nothing is
// committed anywhere), or the H5P runtime page with a bridge that keeps nothing.
import '../shared/guard-page';
import { h5pMessages } from '@/common/messages/h5p.js';
import { DIALOG_KEY, type DialogEntry } from '@/common/page-guard.js';
import { installPreviewRuntime } from '../runtimes';
import { sendToApp } from '../shared/app-page';
import { framedUrl, readPreviewTarget } from './preview-target';

function showError(detail: string): void {
  const box = document.getElementById('preview-error') as HTMLElement;
  const message = document.createElement('p');
  message.textContent = h5pMessages.previewRefused;
  const code = document.createElement('code');
  code.textContent = detail;
  box.replaceChildren(message, code);
  box.hidden = false;
}

// The package's alert and confirm (the guard in its pages): the app's preview shows them.
const dialogEntry: DialogEntry = {
  show(kind, text) {
    sendToApp({ type: 'player:dialog', kind, text: String(text).slice(0, 2_000) });
  },
};
Object.assign(window, { [DIALOG_KEY]: dialogEntry });

const target = readPreviewTarget(window.location.search, window.location.origin);
const src = target && framedUrl(target, window.location.origin);
if (!target || !src) showError(window.location.search);
else {
  void installPreviewRuntime(window, target.kind).then(() => {
    const frame = document.createElement('iframe');
    frame.title = h5pMessages.previewFrameTitle;
    frame.allow = 'autoplay';
    frame.src = src;
    document.body.append(frame);
  });
}
