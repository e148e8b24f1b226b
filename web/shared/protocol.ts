// Messages between the app page (/activity/:id on the app origin) and the player frame (/player/
// on the activity's own origin, common/content/activity-origin.ts), or the frame that clears an
// earlier activity's origin (/player/clear/). Both sides check the sender's origin and frame; the
// app treats every message as untrusted anyway, because an activity shares its player's origin.
// No zod here: the player page stays small (the app page checks runtime writes with their schema).
import { ACTIVITY_DOWNLOAD_MAX_BYTES } from '../../common/constants.js';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import type { RuntimeState, RuntimeWrite } from '../../common/schemas/activity-runtime.js';
import type { XapiLaunch } from '../../common/schemas/xapi.js';
import { SHA256_HEX } from '../../common/sha256.js';
import { isPackageKind, isRuntimeStandard, isXapiKind } from '../../common/standards/kinds.js';

/** The steps of docs/product.md#the-activity-player, in order. */
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
  /** `left`: the app page saw the frame load another document than the player. */
  | { type: 'player:error'; kind: 'load' | 'display' | 'left'; detail: string }
  /** The content's alert or confirm (common/page-guard.ts), for the app page to show. */
  | { type: 'player:dialog'; kind: 'alert' | 'confirm'; text: string }
  /** Escape pressed inside the activity. */
  | { type: 'player:escape' }
  /** What activities reported, oldest first: the current launch's new writes, or the leftovers of
   * the player's journal (writes the app page never acknowledged, e.g. a tab closed meanwhile). */
  | { type: 'player:runtime-writes'; writes: RuntimeWrite[] }
  /** The clear page has deleted everything this origin held (its journal was acknowledged):
   * `found` things (workers, caches, databases, storage keys, files); 0 when it was empty. */
  | { type: 'player:cleared'; found: number };

export type AppToPlayer =
  /** A package of `size` bytes is being downloaded: its chunks follow, in order, then its end. */
  | { type: 'app:package-start'; namespace: string; size: number }
  /** The next bytes of the package (the ArrayBuffer is transferred). */
  | { type: 'app:package-chunk'; namespace: string; bytes: ArrayBuffer }
  /** The whole package has been sent. */
  | { type: 'app:package-end'; namespace: string }
  /** The server confirmed the held package is current: play it from the device. */
  | { type: 'app:use-held'; namespace: string }
  /** How to start the package, sent before its end (or use-held): where it sits in the zip, its
   * start page, the runtime state kept for this entry, this launch's id (its writes' id), and for
   * cmi5 / Tin Can the actor, registration and completion rules of the launch. */
  | {
      type: 'app:launch';
      namespace: string;
      kind: PackageKind;
      root: string;
      launch: string;
      runtime: RuntimeState | null;
      launchId: string;
      xapi: XapiLaunch | null;
    }
  /** The app page has queued these writes: the player may forget them. */
  | { type: 'app:runtime-ack'; writes: { launchId: string; seq: number }[] }
  /** To the clear page, which acts on nothing else: hand the journal over, then delete it all. */
  | { type: 'app:clear' };

/** How to start a package (the app page's `app:launch`). */
export type AppLaunch = Extract<AppToPlayer, { type: 'app:launch' }>;

/** Package namespaces are content hashes: 64 lower-case hex digits. */
export const NAMESPACE_PATTERN = SHA256_HEX;

/** The H5P runtime page's folder, also the scope of its own registration of the service worker. */
export const H5P_RUNTIME_SCOPE = '/player/h5p/';
/** The folder of the player's pages, also the scope of the registration that keeps them offline
 * (player-pages-cache.ts). */
export const PLAYER_PAGES_SCOPE = '/player/';
/** The service worker's script on every activity origin (its three registrations: the package's
 * files, the player's pages, the H5P runtime page). */
export const PLAYER_WORKER_SCRIPT = '/local-activity-sw.js';
/** The caches of the player's own pages and assets (player-pages-cache.ts), named after the build. */
export const PLAYER_CACHE_PREFIXES = ['ardoise-player-', 'ardoise-h5p-runtime-'] as const;

export function isPlayerMessage(data: unknown): data is PlayerToApp {
  if (!data || typeof data !== 'object') return false;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('player:');
}

/** As launchIdSchema (common/schemas/activity-runtime.ts). */
const LAUNCH_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const isLaunchId = (value: unknown): value is string =>
  typeof value === 'string' && LAUNCH_ID_PATTERN.test(value);

/** Kept runtime state: its standard and its data object (the server validated the contents). */
function isRuntimeState(value: unknown): value is RuntimeState {
  const { standard, data } = (value ?? {}) as { standard?: unknown; data?: unknown };
  return isRuntimeStandard(standard) && !!data && typeof data === 'object' && !Array.isArray(data);
}

/** A launch's relative start page: no scheme, no leading slash, no '..' segment. */
function isRelativeLaunch(launch: unknown): launch is string {
  if (typeof launch !== 'string' || launch === '' || launch.length > 2000) return false;
  const path = launch.split(/[?#]/)[0] ?? '';
  return !/^[a-z][a-z0-9+.-]*:/i.test(launch) && !path.startsWith('/') && !path.split('/').includes('..');
}

/** A package root: '' or one folder path ending with '/'. */
const isRoot = (root: unknown): root is string =>
  typeof root === 'string' &&
  (root === '' || (root.endsWith('/') && !root.startsWith('/') && !root.split('/').includes('..')));

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The xAPI facts of a launch, as the server gave them (its schema checked them on the app page). */
function isXapiLaunch(value: unknown): value is XapiLaunch {
  const { activityId, registration, actor, moveOn, masteryScore } = (value ?? {}) as Partial<XapiLaunch>;
  return (
    typeof activityId === 'string' &&
    activityId !== '' &&
    typeof registration === 'string' &&
    UUID_PATTERN.test(registration) &&
    typeof moveOn === 'string' &&
    (masteryScore === null || typeof masteryScore === 'number') &&
    typeof actor?.name === 'string' &&
    typeof actor.account?.homePage === 'string' &&
    typeof actor.account.name === 'string'
  );
}

export function isAppMessage(data: unknown): data is AppToPlayer {
  if (!data || typeof data !== 'object') return false;
  const { type, namespace } = data as { type?: unknown; namespace?: unknown };
  if (type === 'app:clear') return true;
  if (type === 'app:runtime-ack') {
    const writes = (data as { writes?: unknown }).writes;
    return Array.isArray(writes) && writes.every(isWriteId);
  }
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
    case 'app:launch': {
      const launch = data as Partial<AppLaunch>;
      return (
        isPackageKind(launch.kind) &&
        isRoot(launch.root) &&
        isRelativeLaunch(launch.launch) &&
        isLaunchId(launch.launchId) &&
        (launch.runtime === null || isRuntimeState(launch.runtime)) &&
        // cmi5 and Tin Can content cannot start without them; other kinds have none.
        (isXapiKind(launch.kind) ? isXapiLaunch(launch.xapi) : launch.xapi === null)
      );
    }
    default:
      return false;
  }
}

function isWriteId(value: unknown): value is { launchId: string; seq: number } {
  const { launchId, seq } = (value ?? {}) as { launchId?: unknown; seq?: unknown };
  return isLaunchId(launchId) && Number.isSafeInteger(seq) && (seq as number) >= 1;
}
