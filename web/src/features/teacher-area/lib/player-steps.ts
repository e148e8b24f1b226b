// The player's progress steps (docs/product.md#the-activity-player): the bar's value and label.
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { PlayerStep } from '@/web/shared/protocol';

const steps = teacherAreaMessages.playerSteps;

export const PLAYER_STEPS: Record<PlayerStep, { percent: number; label: string }> = {
  cleanup: { percent: 5, label: steps.cleanup },
  download: { percent: 10, label: steps.download },
  extract: { percent: 40, label: steps.extract },
  store: { percent: 60, label: steps.store },
  'service-worker': { percent: 85, label: steps['service-worker'] },
  prepare: { percent: 95, label: steps.prepare },
  ready: { percent: 100, label: steps.ready },
};

export const STEP_ORDER = Object.keys(PLAYER_STEPS) as PlayerStep[];

type Progress = { step: PlayerStep; percent: number; error: string | null };

/**
 * The player's state after the frame reports `step` at `percent`: the bar never goes back (a late
 * report of an earlier step is ignored), stops on an error, and an unchanged report keeps the same
 * object (no render).
 */
export function advanceStep<S extends Progress>(current: S, step: PlayerStep, percent: number): S {
  const backwards = STEP_ORDER.indexOf(step) < STEP_ORDER.indexOf(current.step);
  const unchanged = step === current.step && percent === current.percent;
  return current.error || backwards || unchanged ? current : { ...current, step, percent };
}

/** Download moves the bar from 10 % to 20 % as bytes arrive. */
export const downloadPercent = (fraction: number) => 10 + Math.round(Math.min(1, Math.max(0, fraction)) * 10);
