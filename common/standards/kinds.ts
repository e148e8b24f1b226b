// The names of the standards Ardoise plays and the family each belongs to, the one list the schemas,
// the registry (index.ts) and the player's runtimes (web/player/runtimes) are built from: a runtime
// standard is one an activity reports through; html5 reports nothing. No zod here, so that the
// player's pages can ask "which standard is this" without the schemas.
export const RUNTIME_STANDARDS = ['scorm12', 'scorm2004', 'h5p', 'cmi5', 'tincan'] as const;
export const PACKAGE_KINDS = ['html5', ...RUNTIME_STANDARDS] as const;

/** A standard an activity reports through. The zod schemas (common/schemas) are built from these lists. */
export type RuntimeStandard = (typeof RUNTIME_STANDARDS)[number];
/** What an uploaded package was recognised as: a runtime standard, or plain HTML5. */
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** The family of each runtime standard: its module in this folder (scorm.ts, h5p.ts, xapi.ts) and its
 * runtime in the player (web/player/runtimes/<family>/). */
export const STANDARD_FAMILIES = {
  scorm12: 'scorm',
  scorm2004: 'scorm',
  h5p: 'h5p',
  cmi5: 'xapi',
  tincan: 'xapi',
} as const satisfies Record<RuntimeStandard, string>;
export type StandardFamily = (typeof STANDARD_FAMILIES)[RuntimeStandard];
/** The runtime standards of one family. */
export type StandardsOf<F extends StandardFamily> = {
  [S in RuntimeStandard]: (typeof STANDARD_FAMILIES)[S] extends F ? S : never;
}[RuntimeStandard];

export const isPackageKind = (value: unknown): value is PackageKind =>
  (PACKAGE_KINDS as readonly unknown[]).includes(value);

export const isRuntimeStandard = (value: unknown): value is RuntimeStandard =>
  (RUNTIME_STANDARDS as readonly unknown[]).includes(value);

/** The family a package kind is played with; null for plain HTML5 (no runtime). */
export function familyOf(kind: PackageKind): StandardFamily | null {
  return isRuntimeStandard(kind) ? STANDARD_FAMILIES[kind] : null;
}

/** Launched with an xAPI actor and registration, its statements deciding the report (cmi5, Tin Can). */
export function isXapiKind(kind: PackageKind): kind is StandardsOf<'xapi'> {
  return familyOf(kind) === 'xapi';
}

/** The families whose content sends xAPI statements (cmi5, Tin Can, H5P's events): the teacher can read
 * them (`user/activity/statements/{id}`) and the server keeps them; SCORM and plain HTML5 send none. */
const FAMILIES_SENDING_STATEMENTS: ReadonlySet<StandardFamily> = new Set(['h5p', 'xapi']);

export function sendsStatements(kind: PackageKind): boolean {
  const family = familyOf(kind);
  return family !== null && FAMILIES_SENDING_STATEMENTS.has(family);
}
