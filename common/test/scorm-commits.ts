// Test fixtures: the `{ cmi }` object scorm-again really commits (its Scorm12API / Scorm2004API run
// in Node, driven by LMSSetValue / SetValue as a package drives them), in its `json` format.
import { Scorm12API, Scorm2004API } from 'scorm-again';

const settings = { dataCommitFormat: 'json' as const, autocommit: false, logLevel: 5 as const };

/** Sets each value through the API's own setter, as a package does, then renders the commit. */
function commitOf(
  api: { renderCommitCMI(terse: boolean): unknown },
  setValue: (element: string, value: string) => string,
  values: Record<string, string>,
): Record<string, unknown> {
  for (const [element, value] of Object.entries(values)) {
    if (setValue(element, value) !== 'true') throw new Error(`scorm-again refused ${element}`);
  }
  return api.renderCommitCMI(true) as Record<string, unknown>;
}

export function scorm12Commit(values: Record<string, string>): Record<string, unknown> {
  const api = new Scorm12API(settings);
  api.LMSInitialize('');
  return commitOf(api, (element, value) => api.LMSSetValue(element, value), values);
}

export function scorm2004Commit(values: Record<string, string>): Record<string, unknown> {
  const api = new Scorm2004API(settings);
  api.Initialize('');
  return commitOf(api, (element, value) => api.SetValue(element, value), values);
}
