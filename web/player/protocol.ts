// Messages between the app page (/activity/:id on the app origin) and the player frame (/player/
// on the content origin). Both sides check the sender's origin and frame; the app treats every
// message as untrusted anyway, because an activity shares the player frame's origin.

/** The steps of SPEC §4 "Activity player progress", in order. */
export type PlayerStep =
  | 'cleanup'
  | 'download'
  | 'extract'
  | 'store'
  | 'service-worker'
  | 'prepare'
  | 'ready';

export type PlayerToApp =
  /** Cleanup done; `held` is the package hash already stored offline on this device, if any. */
  | { type: 'player:waiting'; held: string | null }
  | { type: 'player:progress'; step: PlayerStep }
  | { type: 'player:ready' }
  | { type: 'player:error'; kind: 'load' | 'display'; detail: string }
  /** Escape pressed inside the activity. */
  | { type: 'player:escape' };

export type AppToPlayer =
  /** A freshly downloaded package (the ArrayBuffer is transferred). */
  | { type: 'app:package'; namespace: string; bytes: ArrayBuffer }
  /** The server confirmed the held package is current: play it from the device. */
  | { type: 'app:use-held'; namespace: string };

/** Package namespaces are content hashes: 64 lower-case hex digits. */
export const NAMESPACE_PATTERN = /^[0-9a-f]{64}$/;

export function isPlayerMessage(data: unknown): data is PlayerToApp {
  if (!data || typeof data !== 'object') return false;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('player:');
}

export function isAppMessage(data: unknown): data is AppToPlayer {
  if (!data || typeof data !== 'object') return false;
  const { type, namespace } = data as { type?: unknown; namespace?: unknown };
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) return false;
  if (type === 'app:use-held') return true;
  return type === 'app:package' && (data as { bytes?: unknown }).bytes instanceof ArrayBuffer;
}
