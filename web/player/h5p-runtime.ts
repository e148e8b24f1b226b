// The H5P side of the player page: the bridge the H5P runtime page (/player/h5p/, framed inside)
// finds on its parent, preloaded with the kept state; each state save or result becomes one report
// of the whole data `{ state?, result? }`.
import type { RuntimeData, RuntimeState } from '../../common/schemas/activity-runtime.js';
import type { H5PBridge, H5PResult } from './h5p-bridge';

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
    reportResult(result) {
      const { raw, max, completed, success } = result ?? ({} as H5PResult);
      if (!Number.isFinite(raw) || !Number.isFinite(max) || typeof completed !== 'boolean') return;
      data.result = { raw, max, completed, ...(typeof success === 'boolean' ? { success } : {}) };
      report({ ...data });
    },
  };
}
