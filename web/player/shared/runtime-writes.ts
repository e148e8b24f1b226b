// Numbers what one launch reports: each report becomes a RuntimeWrite holding the whole data, with
// the launch's id and the next sequence number (1, 2, …), so that the server applies each write
// once and in order whatever the relay replays.
import type { RuntimeData, RuntimeStandard, RuntimeWrite } from '../../../common/schemas/activity-runtime.js';

export type WriteLog = (data: RuntimeData) => RuntimeWrite;

export function createWriteLog(
  launchId: string,
  standard: RuntimeStandard,
  now: () => Date = () => new Date(),
): WriteLog {
  let seq = 0;
  return (data) => {
    seq += 1;
    return { launchId, seq, standard, data, at: now().toISOString() };
  };
}

/** Oldest first: by report time, then launch, then sequence number (a launch's order is its seq). */
export function inReportOrder(writes: readonly RuntimeWrite[]): RuntimeWrite[] {
  return [...writes].sort(
    (a, b) => a.at.localeCompare(b.at) || a.launchId.localeCompare(b.launchId) || a.seq - b.seq,
  );
}
