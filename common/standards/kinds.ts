// The names of the standards Ardoise plays, the one list the schemas and the registry (index.ts)
// are built from: a runtime standard is one an activity reports through; html5 reports nothing.
export const RUNTIME_STANDARDS = ['scorm12', 'scorm2004', 'h5p', 'cmi5', 'tincan'] as const;
export const PACKAGE_KINDS = ['html5', ...RUNTIME_STANDARDS] as const;
