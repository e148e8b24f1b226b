// The player's runtimes, one folder per family of standards (common/standards/kinds.ts): the one
// place the player and the preview pages ask which runtime a package needs. A new standard is its
// folder here and one line in each table (the types make the lines required).
import type { PackageKind } from '@/common/schemas/activity-package.js';
import type { RuntimeData } from '@/common/schemas/activity-runtime.js';
import { isRuntimeStandard, STANDARD_FAMILIES, type StandardFamily } from '@/common/standards/kinds.js';
import { installH5PPreview, installH5PRuntime } from './h5p/h5p-runtime';
import type { PlayerRuntime, PreviewInstall, RuntimeInstall, RuntimeLaunch } from './runtime';
import { installScormPreview, installScormRuntime } from './scorm/scorm-runtime';

export type { PlayerRuntime, RuntimeLaunch } from './runtime';

const INSTALLS: { [F in StandardFamily]: RuntimeInstall<F> } = {
  // scorm-runtime.ts is small; scorm-again itself is loaded from there, for SCORM packages only.
  scorm: installScormRuntime,
  h5p: installH5PRuntime,
  // xapi-runtime.ts (with the statement schema) is loaded for cmi5 / Tin Can packages only.
  xapi: (target, launch, report) =>
    import('./xapi/xapi-runtime').then(({ installXapiRuntime }) =>
      installXapiRuntime(target, launch, report),
    ),
};

const PREVIEWS: { [F in StandardFamily]: PreviewInstall<F> } = {
  scorm: installScormPreview,
  h5p: installH5PPreview,
  // cmi5 / Tin Can preview their start page without an endpoint: nothing is recorded.
  xapi: async () => {},
};

/** Installs the launch's runtime on `target` (the page framing the content), preloaded with the
 * kept state; what the content reports goes to `report`. */
export function installRuntime(
  target: Window,
  launch: RuntimeLaunch,
  report: (data: RuntimeData) => void,
): Promise<PlayerRuntime> {
  // The family's install takes the standards of its family (STANDARD_FAMILIES says which).
  const install = INSTALLS[STANDARD_FAMILIES[launch.kind]] as RuntimeInstall<StandardFamily>;
  return install(target, launch, report);
}

/** Puts on `target` the runtime the content of a previewed package looks for, recording nothing. */
export function installPreviewRuntime(target: Window, kind: PackageKind): Promise<void> {
  if (!isRuntimeStandard(kind)) return Promise.resolve(); // plain HTML5: no runtime
  const install = PREVIEWS[STANDARD_FAMILIES[kind]] as PreviewInstall<StandardFamily>;
  return install(target, kind);
}
