// What this device remembers of the activities it played (app origin's localStorage; nothing
// secret): the one played last and its package, whose origin holds that package offline for a
// re-open, and the activities played before it, whose origins still hold a package and maybe a
// journal until the player frame host clears them (PlayerFrameHost); and whether the content
// origin itself still holds what an earlier version of the player kept there. Each activity plays
// on an origin of its own (common/content/activity-origin.ts): only that origin can delete its data.
import { NAMESPACE_PATTERN } from '@/web/shared/protocol';

export type LastPlayed = { activityId: number; namespace: string };

const LAST_KEY = 'ardoise:last-played';
/** Kept by the player before activities had origins of their own: a device that has it played on
 * the content origin itself, which may still hold a package and a journal's leftovers. */
const CONTENT_ORIGIN_KEY = 'ardoise:last-offline-package';
const TO_CLEAR_KEY = 'ardoise:origins-to-clear';
/** More than this and the oldest are left to the browser's own eviction. */
const MAX_TO_CLEAR = 20;

const isActivityId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage, re-opening downloads again and old copies wait for the browser: still correct.
  }
}

export function readLastPlayed(): LastPlayed | null {
  const value = read(LAST_KEY) as Partial<LastPlayed> | null;
  return value && isActivityId(value.activityId) && NAMESPACE_PATTERN.test(value.namespace ?? '')
    ? { activityId: value.activityId, namespace: value.namespace as string }
    : null;
}

/** The activities whose origins still hold what an earlier play left, oldest first. */
export function readOriginsToClear(): number[] {
  const value = read(TO_CLEAR_KEY);
  return Array.isArray(value) ? value.filter(isActivityId) : [];
}

/** `played` now holds its package offline; the activity played before it is to be cleared. */
export function recordPlayed(played: LastPlayed): number[] {
  const previous = readLastPlayed();
  const toClear = readOriginsToClear().filter((id) => id !== played.activityId);
  if (previous && previous.activityId !== played.activityId && !toClear.includes(previous.activityId))
    toClear.push(previous.activityId);
  const kept = toClear.slice(-MAX_TO_CLEAR);
  write(LAST_KEY, played);
  write(TO_CLEAR_KEY, kept);
  return kept;
}

/** The origin of `activityId` is cleared. */
export function recordCleared(activityId: number): number[] {
  const kept = readOriginsToClear().filter((id) => id !== activityId);
  write(TO_CLEAR_KEY, kept);
  return kept;
}

/** Whether the content origin itself still holds what the player kept there before activities had
 * origins of their own (to be handed over and cleared once). */
export function contentOriginToClear(): boolean {
  try {
    return localStorage.getItem(CONTENT_ORIGIN_KEY) !== null;
  } catch {
    return false;
  }
}

export function recordContentOriginCleared(): void {
  try {
    localStorage.removeItem(CONTENT_ORIGIN_KEY);
  } catch {
    // Cleared again on a later visit: harmless.
  }
}
