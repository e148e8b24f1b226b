// Test fixtures: the `{ cmi }` object scorm-again really commits (its Scorm12API / Scorm2004API run
// in Node, driven by LMSSetValue / SetValue as a package drives them), in its `json` format.
import { Scorm12API, Scorm2004API } from 'scorm-again';

const settings = { dataCommitFormat: 'json' as const, autocommit: false, logLevel: 5 as const };

export function scorm12Commit(values: Record<string, string>): Record<string, unknown> {
  const api = new Scorm12API(settings);
  api.LMSInitialize('');
  for (const [element, value] of Object.entries(values)) {
    if (api.LMSSetValue(element, value) !== 'true') throw new Error(`scorm-again refused ${element}`);
  }
  return api.renderCommitCMI(true) as Record<string, unknown>;
}

export function scorm2004Commit(values: Record<string, string>): Record<string, unknown> {
  const api = new Scorm2004API(settings);
  api.Initialize('');
  for (const [element, value] of Object.entries(values)) {
    if (api.SetValue(element, value) !== 'true') throw new Error(`scorm-again refused ${element}`);
  }
  return api.renderCommitCMI(true) as Record<string, unknown>;
}
