// The player's progress bar with the current step's label (docs/product.md#states-and-transitions).
import type { PlayerStep } from '@/web/shared/protocol';
import { PLAYER_STEPS } from '../lib/player-steps';

export function PlayerProgress({ step, percent }: { step: PlayerStep; percent: number }) {
  const label = PLAYER_STEPS[step].label;
  return (
    <div className="flex w-full max-w-sm flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span id="player-step" className="font-medium text-slate-100" aria-live="polite">
          {label}
        </span>
        <span className="text-slate-400 tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="player-step"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-indigo-400 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
