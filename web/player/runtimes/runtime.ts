// What a runtime folder gives the player's registry (index.ts): the install of its standards on
// the page framing the content, for a teacher area's launch (what the content reports goes to `report`)
// or for the admin's preview (nothing is recorded).
import type { RuntimeData, RuntimeStandard } from '@/common/schemas/activity-runtime.js';
import type { StandardFamily, StandardsOf } from '@/common/standards/kinds.js';
import type { AppLaunch } from '../../shared/protocol';
import type { XapiRequestMessage } from './xapi/xapi-endpoint';
import type { LrsResponse } from './xapi/xapi-lrs';

/** A launch of a package that has a runtime standard. */
export type RuntimeLaunch<S extends RuntimeStandard = RuntimeStandard> = Omit<AppLaunch, 'kind'> & {
  kind: S;
};

/** Where the package sits on the activity's origin once stored offline. */
export type StoredPackage = {
  /** /local-activity/{namespace}/ */
  folder: string;
  /** The package's root folder inside it ('' or ending with '/'). */
  root: string;
  /** The start page, from the folder. */
  entry: string;
};

/** An installed runtime, as the player page uses it; every part is optional. */
export type PlayerRuntime = {
  /** The page the activity frame loads; the package's start page when absent. */
  activityUrl?(stored: StoredPackage): string;
  /** Commits now if the content has a session open (the page is being hidden). */
  commitIfOpen?(): void;
  /** Whether a page the activity frame reached is the launch's return page (the content closed). */
  isReturn?(url: string): boolean;
  /** The answer to a request to the launch's xAPI endpoint; null when it is another launch's. */
  answerXapi?(message: XapiRequestMessage): LrsResponse | null;
};

export type RuntimeInstall<F extends StandardFamily> = (
  target: Window,
  launch: RuntimeLaunch<StandardsOf<F>>,
  report: (data: RuntimeData) => void,
) => Promise<PlayerRuntime>;

export type PreviewInstall<F extends StandardFamily> = (
  target: Window,
  kind: StandardsOf<F>,
) => Promise<void>;
