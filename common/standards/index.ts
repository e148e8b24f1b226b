// The registry of the standards Ardoise plays: one module per standard in this folder, and the one
// lookup every place asking "which standard is this" goes through (kinds.ts answers it without the
// schemas, for the player). A new standard is a module here, its name and family in kinds.ts, one
// line below (the type makes the line required) and its runtime in web/player/runtimes.
import { h5p } from './h5p.js';
import type { PackageKind, RuntimeStandard } from './kinds.js';
import { scorm12, scorm2004 } from './scorm.js';
import type { Standard, StandardReport } from './standard.js';
import { xapi } from './xapi.js';

const STANDARDS: Record<RuntimeStandard, Standard> = {
  scorm12,
  scorm2004,
  h5p,
  cmi5: xapi,
  tincan: xapi,
};

/** The standard a runtime write or a package kind follows; null for plain HTML5 (no runtime). */
export function standardOf(kind: PackageKind): Standard | null {
  return kind === 'html5' ? null : STANDARDS[kind];
}

/** The standard of a runtime write (every runtime standard is registered). */
export function runtimeStandardOf(standard: RuntimeStandard): Standard {
  return STANDARDS[standard];
}

export { familyOf, isXapiKind } from './kinds.js';

/** What one write reports. */
export function deriveRuntimeReport(standard: RuntimeStandard, data: unknown): StandardReport {
  return STANDARDS[standard].report(data);
}
