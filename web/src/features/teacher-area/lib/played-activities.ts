// What this device remembers of the activities it played (app origin's localStorage; nothing
// secret): the one played last and its package, whose origin holds that package offline for a
// re-open, and the activities played before it, whose origins still hold a package and maybe a
// journal until the player frame host clears them (PlayerFrameHost); and whether the content
// origin itself still holds what an earlier version of the player kept there. Each activity plays
// on an origin of its own (common/content/activity-origin.ts): only that origin can delete its data.
import { NAMESPACE_PATTERN } from '@/web/shared/protocol';

export type LastPlayed = { entryId: number; namespace: string };

const LAST_KEY = 'ardoise:last-played';
/** Kept by the player before activities had origins of their own: a device that has it played on
 * the content origin itself, which may still hold a package and a journal's leftovers. */
const CONTENT_ORIGIN_KEY = 'ardoise:last-offline-package';
const TO_CLEAR_KEY = 'ardoise:origins-to-clear';
/** More than this and the oldest are left to the browser's own eviction. */
const MAX_TO_CLEAR = 20;

const isEntryId = (value: unknown): value is number =>
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
  const value = read(LAST_KEY) as (Partial<LastPlayed> & { activityId?: unknown }) | null;
  // Earlier versions kept the entry's id as `activityId` (the /activity/{id} route's name for it).
  const entryId = value?.entryId ?? value?.activityId;
  return value && isEntryId(entryId) && NAMESPACE_PATTERN.test(value.namespace ?? '')
    ? { entryId, namespace: value.namespace as string }
    : null;
}

/** The activities whose origins still hold what an earlier play left, oldest first. */
export function readOriginsToClear(): number[] {
  const value = read(TO_CLEAR_KEY);
  return Array.isArray(value) ? value.filter(isEntryId) : [];
}

/** `played` now holds its package offline; the activity played before it is to be cleared. */
export function recordPlayed(played: LastPlayed): number[] {
  const previous = readLastPlayed();
  const toClear = readOriginsToClear().filter((id) => id !== played.entryId);
  if (previous && previous.entryId !== played.entryId && !toClear.includes(previous.entryId))
    toClear.push(previous.entryId);
  const kept = toClear.slice(-MAX_TO_CLEAR);
  write(LAST_KEY, played);
  write(TO_CLEAR_KEY, kept);
  return kept;
}

/** The origin of `entryId` is cleared. */
export function recordCleared(entryId: number): number[] {
  const kept = readOriginsToClear().filter((id) => id !== entryId);
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
