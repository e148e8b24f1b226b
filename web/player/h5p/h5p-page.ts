// The H5P runtime page, /player/h5p/?base=<package folder> on the activity's origin (on the content
// origin for the preview): plays an H5P package with h5p-standalone, gives it the state kept by the
// page framing it (the H5P bridge on window.parent) and hands that page the content's saves and
// results. Opened without a bridge (the admin preview, or alone), the content plays and nothing is
// kept.
import '../shared/guard-page';
import { H5P } from 'h5p-standalone';
import frameJs from 'h5p-standalone/dist/frame.bundle.js?url';
import frameCss from 'h5p-standalone/dist/styles/h5p.css?url';
import { h5pMessages } from '@/common/messages/h5p.js';
import { h5pPackageFolder } from '../runtimes/h5p/h5p-base';
import { H5P_BRIDGE_KEY, type H5PBridge } from '../runtimes/h5p/h5p-bridge';
import { resultOfStatement, statementToKeep } from '../runtimes/h5p/h5p-xapi';
import { takeControl } from './h5p-worker';

/** How often (seconds) H5P saves the content's state while it plays (it also saves 3 s after a
 * `completed` or `progressed` statement, and this page saves when it is hidden). */
const SAVE_EVERY_SECONDS = 5;
const CONTENT_ID = 'ardoise';

/** The globals H5P's core (frame.bundle.js) puts on a window; only what this page uses. */
type H5PCore = {
  externalDispatcher: {
    on(type: 'xAPI', listener: (event: { data?: { statement?: unknown } }) => void): void;
  };
  instances?: { contentId?: string; getCurrentState?: () => unknown }[];
  setUserData(contentId: string, dataType: 'state', data: unknown, options: object): void;
};

function findBridge(): H5PBridge | null {
  if (window.parent === window) return null;
  try {
    const candidate = (window.parent as unknown as Record<string, unknown>)[H5P_BRIDGE_KEY] as
      | Partial<H5PBridge>
      | undefined;
    const valid =
      typeof candidate?.saveState === 'function' &&
      typeof candidate.reportResult === 'function' &&
      (candidate.previousState === null || typeof candidate.previousState === 'string');
    return valid ? (candidate as H5PBridge) : null;
  } catch {
    // A parent on another origin: no bridge.
    return null;
  }
}

/** H5P core reads and writes the main content's state as `contentUserData[0].state` (a JSON
 * string); this slot hands each new value to the bridge. Accessors on the class, not the object,
 * so that H5P's `delete` of the state (content changed) cannot remove them. */
class StateSlot {
  constructor(
    private readonly bridge: H5PBridge,
    private current: string | undefined,
  ) {}
  get state(): string | undefined {
    return this.current;
  }
  set state(value: string | undefined) {
    if (value === undefined || value === this.current) return;
    this.current = value;
    this.bridge.saveState(value);
  }
}

function showError(text: string, detail: string): void {
  const box = document.getElementById('h5p-error') as HTMLElement;
  const message = document.createElement('p');
  message.textContent = text;
  const code = document.createElement('code');
  code.textContent = detail;
  box.replaceChildren(message, code);
  box.hidden = false;
}

/** H5P's core, once h5p-standalone has loaded it into this page. */
const h5pCore = () => (window as Window & { H5P?: H5PCore }).H5P;

/** Saves the current state now (the tab may be closing: H5P's own timer would be too late). */
function saveNow(): void {
  const core = h5pCore();
  const instance = core?.instances?.[0];
  const state = instance?.getCurrentState?.();
  if (core && state !== undefined) core.setUserData(CONTENT_ID, 'state', state, { deleteOnChange: true });
}

async function play(folder: string, bridge: H5PBridge | null): Promise<void> {
  const container = document.getElementById('h5p-container') as HTMLElement;
  await new H5P(container, {
    id: CONTENT_ID,
    // In this page, not in a frame of its own: H5P writes that frame's document itself, and such a
    // document's requests do not reach the service worker that serves /local-activity/.
    embedType: 'div',
    // h5p-standalone adds '/h5p.json', '/content/content.json' and '/<library>/library.json'.
    h5pJsonPath: folder.slice(0, -1),
    frameJs,
    frameCss,
    frame: false,
    copyright: false,
    export: false,
    embed: false,
    icon: false,
    fullScreen: false,
    saveFreq: bridge ? SAVE_EVERY_SECONDS : false,
    contentUserData: bridge
      ? [new StateSlot(bridge, bridge.previousState ?? undefined) as unknown as Record<string, string>]
      : undefined,
  });
  if (!bridge) return;
  h5pCore()?.externalDispatcher.on('xAPI', (event) => {
    const statement = event.data?.statement;
    const result = resultOfStatement(statement);
    const kept = statementToKeep(statement) ?? undefined;
    if (result) bridge.reportResult(result, kept);
    else if (kept) bridge.reportStatement?.(kept);
  });
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
}

const base = new URLSearchParams(window.location.search).get('base');
const folder = h5pPackageFolder(base, window.location.origin);
if (!folder) showError(h5pMessages.baseRefused, base ?? '');
else {
  takeControl()
    .then(() => play(folder, findBridge()))
    .catch((error: unknown) => {
      console.error(error);
      showError(h5pMessages.loadFailed, error instanceof Error ? error.message : String(error));
    });
}
