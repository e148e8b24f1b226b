// Messages between the app page (/activity/:id on the app origin) and the player frame (/player/
// on the content origin). Both sides check the sender's origin and frame; the app treats every
// message as untrusted anyway, because an activity shares the player frame's origin.
import { ACTIVITY_DOWNLOAD_MAX_BYTES } from '../../common/constants.js';

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
  /** A package of `size` bytes is being downloaded: its chunks follow, in order, then its end. */
  | { type: 'app:package-start'; namespace: string; size: number }
  /** The next bytes of the package (the ArrayBuffer is transferred). */
  | { type: 'app:package-chunk'; namespace: string; bytes: ArrayBuffer }
  /** The whole package has been sent. */
  | { type: 'app:package-end'; namespace: string }
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
  switch (type) {
    case 'app:package-start': {
      const size = (data as { size?: unknown }).size;
      return (
        Number.isSafeInteger(size) && (size as number) > 0 && (size as number) <= ACTIVITY_DOWNLOAD_MAX_BYTES
      );
    }
    case 'app:package-chunk':
      return (data as { bytes?: unknown }).bytes instanceof ArrayBuffer;
    case 'app:package-end':
    case 'app:use-held':
      return true;
    default:
      return false;
  }
}
