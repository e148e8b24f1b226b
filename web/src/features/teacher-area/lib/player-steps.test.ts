// The player's step machine: what the progress bar shows as the frame reports its steps.
import { describe, expect, it } from 'vitest';
import { advanceStep, downloadPercent, PLAYER_STEPS, STEP_ORDER } from './player-steps';

const start = { step: 'cleanup' as const, percent: PLAYER_STEPS.cleanup.percent, error: null, notice: null };

describe('advanceStep', () => {
  it('walks the steps in order up to ready at 100 %', () => {
    let state = start;
    for (const step of STEP_ORDER) state = advanceStep(state, step, PLAYER_STEPS[step].percent);
    expect(state).toMatchObject({ step: 'ready', percent: 100 });
  });

  it('never goes back when an earlier step is reported late', () => {
    const storing = advanceStep(start, 'store', PLAYER_STEPS.store.percent);
    expect(advanceStep(storing, 'download', downloadPercent(0.5))).toBe(storing);
  });

  it('moves within the download step as bytes arrive, and keeps the same state for the same report', () => {
    const half = advanceStep(start, 'download', downloadPercent(0.5));
    expect(half.percent).toBe(15);
    expect(advanceStep(half, 'download', 15)).toBe(half);
    expect(advanceStep(half, 'download', downloadPercent(1)).percent).toBe(20);
  });

  it('stops moving once an error is shown, keeping the other fields', () => {
    const failed = { ...start, error: 'Erreur', notice: 'n' };
    expect(advanceStep(failed, 'ready', 100)).toBe(failed);
    expect(advanceStep({ ...start, notice: 'n' }, 'extract', 40).notice).toBe('n');
  });
});

describe('downloadPercent', () => {
  it('maps the downloaded fraction to 10–20 %, clamped', () => {
    expect(downloadPercent(0)).toBe(10);
    expect(downloadPercent(0.34)).toBe(13);
    expect(downloadPercent(-1)).toBe(10);
    expect(downloadPercent(5)).toBe(20);
  });

  it('stays below the next step', () => {
    expect(downloadPercent(1)).toBeLessThan(PLAYER_STEPS.extract.percent);
  });
});
