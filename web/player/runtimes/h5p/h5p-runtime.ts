// The H5P runtime on the page framing the H5P runtime page (/player/h5p/): the bridge that page finds
// on its parent. On the player page it is preloaded with the kept state and each state save or
// result becomes one report of the whole data `{ state?, result? }`, plus the xAPI statements of that
// moment (`statements`, new ones only: the H5P page checked them with the statement schema); on the
// admin's preview page it keeps nothing.
import type { RuntimeData, RuntimeState } from '@/common/schemas/activity-runtime.js';
import type { XapiStatement } from '@/common/schemas/xapi.js';
import type { PlayerRuntime, RuntimeLaunch } from '../runtime';
import { H5P_BRIDGE_KEY, type H5PBridge, type H5PResult } from './h5p-bridge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The content shares this origin and could call the bridge itself: keep only statement-shaped
 * objects, so one the server would refuse never blocks the queue behind it. */
const isStatement = (value: unknown): value is XapiStatement => {
  const { id, verb, actor, object } = (value ?? {}) as Partial<XapiStatement>;
  return (
    typeof id === 'string' &&
    UUID.test(id) &&
    typeof verb?.id === 'string' &&
    /^[a-z][a-z0-9+.-]*:/i.test(verb.id) &&
    !!actor &&
    typeof actor === 'object' &&
    !!object &&
    typeof object === 'object'
  );
};
const statementsOf = (statement: unknown) => (isStatement(statement) ? { statements: [statement] } : {});

export function createH5PBridge(kept: RuntimeState | null, report: (data: RuntimeData) => void): H5PBridge {
  const data: { state?: string; result?: H5PResult } = {};
  if (kept?.standard === 'h5p') {
    if (typeof kept.data.state === 'string') data.state = kept.data.state;
    if (kept.data.result && typeof kept.data.result === 'object') data.result = kept.data.result as H5PResult;
  }
  return {
    previousState: data.state ?? null,
    saveState(state) {
      if (typeof state !== 'string' || state === data.state) return;
      data.state = state;
      report({ ...data });
    },
    reportResult(result, statement) {
      const { raw, max, completed, success } = result ?? ({} as H5PResult);
      if (!Number.isFinite(raw) || !Number.isFinite(max) || typeof completed !== 'boolean') return;
      data.result = { raw, max, completed, ...(typeof success === 'boolean' ? { success } : {}) };
      report({ ...data, ...statementsOf(statement) });
    },
    reportStatement(statement) {
      if (isStatement(statement)) report({ ...data, statements: [statement] });
    },
  };
}

/** The H5P page plays the package from its folder (h5p.json, content/, the libraries). */
function h5pPageUrl({ folder, root }: { folder: string; root: string }): string {
  const encodedRoot = root.split('/').map(encodeURIComponent).join('/');
  return `/player/h5p/?base=${encodeURIComponent(folder + encodedRoot)}`;
}

export async function installH5PRuntime(
  target: Window,
  launch: RuntimeLaunch<'h5p'>,
  report: (data: RuntimeData) => void,
): Promise<PlayerRuntime> {
  Object.assign(target, { [H5P_BRIDGE_KEY]: createH5PBridge(launch.runtime, report) });
  return { activityUrl: h5pPageUrl };
}

const noopBridge: H5PBridge = { previousState: null, saveState() {}, reportResult() {} };

export async function installH5PPreview(target: Window): Promise<void> {
  Object.assign(target, { [H5P_BRIDGE_KEY]: noopBridge });
}
