// Test fixtures: runtime writes as a player numbers them, for two launches.
import type { RuntimeWrite } from '../schemas/activity-runtime.js';

export const LAUNCH_A = 'launch-aaaaaaaaaaaaaaaa';
export const LAUNCH_B = 'launch-bbbbbbbbbbbbbbbb';

/** Write `seq` of `launchId` (SCORM 1.2 data naming its seq), reported at `at`. */
export const runtimeWrite = (
  launchId: string,
  seq: number,
  at = '2026-11-23T10:00:00.000Z',
): RuntimeWrite => ({
  launchId,
  seq,
  standard: 'scorm12',
  data: { cmi: { seq } },
  at,
});
