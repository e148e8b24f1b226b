// The SCORM runtime of the player page: scorm-again's SCORM 1.2 or 2004 API, installed on the
// player's window as `API` / `API_1484_11` before the activity frame loads, so content framed inside
// finds it on its parent chain. The kept cmi is loaded first (the activity resumes); every commit
// scorm-again makes (LMSCommit/Commit, finish/terminate, autocommit) is handed to `report` whole,
// at once: the content never waits for the network. Loaded only for SCORM packages.
import type Scorm12API from 'scorm-again/scorm12';
import type Scorm2004API from 'scorm-again/scorm2004';
import type { RuntimeData, RuntimeState } from '../../common/schemas/activity-runtime.js';

export type ScormStandard = 'scorm12' | 'scorm2004';

export type ScormRuntime = {
  /** Commits now if the content has initialized and not finished (the page is being hidden). */
  commitIfOpen(): void;
};

/** No personal data goes to the content: the learner is the class. */
const LEARNER = { id: 'classe', name: 'Classe' };

type CmiObject = Record<string, unknown>;
const isObject = (value: unknown): value is CmiObject =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const asObject = (value: unknown): CmiObject => (isObject(value) ? value : {});

/**
 * The kept cmi without the values that stand where the data model has a group (`core.score`,
 * `score`, `learner_preference`…). scorm-again lets content set a group itself: the "H5P in SCORM"
 * wrapper sets `cmi.core.score` to its score beside `cmi.core.score.raw`, so the commit holds a
 * string there, and loaded back, it replaces the group and the next LMSInitialize throws. `model`
 * is the fresh API's own cmi (its groups are objects; collections are empty objects and keep
 * what they hold).
 */
export function withinModel(kept: CmiObject, model: CmiObject): CmiObject {
  const result: CmiObject = {};
  for (const [key, value] of Object.entries(kept)) {
    const group = model[key];
    if (!isObject(group)) result[key] = value;
    else if (isObject(value)) result[key] = withinModel(value, group);
  }
  return result;
}

/** The API's data model as it renders it before anything is loaded. */
const modelOf = (api: { renderCMIToJSONObject(): Record<string, unknown> }): CmiObject =>
  asObject(api.renderCMIToJSONObject().cmi);

/**
 * The cmi to preload, from the kept data of the same standard: the previous session's exit decides
 * the entry ('resume' after 'suspend', else '' ; 'ab-initio' on a first launch), and what belongs to
 * one session only (exit, session time) is dropped.
 */
export function startingCmi(standard: ScormStandard, kept: RuntimeState | null): CmiObject {
  const previous = kept?.standard === standard ? asObject(kept.data.cmi) : null;
  if (standard === 'scorm12') {
    const { exit, session_time: _session, entry: _entry, ...core } = asObject(previous?.core);
    const entry = previous === null ? 'ab-initio' : exit === 'suspend' ? 'resume' : '';
    return {
      ...previous,
      core: { ...core, entry, student_id: LEARNER.id, student_name: LEARNER.name },
    };
  }
  const { exit, session_time: _session, entry: _entry, ...rest } = previous ?? {};
  const entry = previous === null ? 'ab-initio' : exit === 'suspend' ? 'resume' : '';
  return { ...rest, entry, learner_id: LEARNER.id, learner_name: LEARNER.name };
}

export async function installScormRuntime(
  target: Window,
  standard: ScormStandard,
  kept: RuntimeState | null,
  report: (data: RuntimeData) => void,
): Promise<ScormRuntime> {
  // scorm-again's transport, replaced: a commit is reported, and always succeeds for the content.
  const transport = {
    processHttpRequest(_url: string, params: unknown) {
      report({ cmi: asObject(JSON.parse(JSON.stringify(params)).cmi) });
      return { result: 'true', errorCode: 0 };
    },
    updateSettings() {},
  };
  const settings = {
    // Any string: commits go to the transport above, never to the network.
    lmsCommitUrl: 'ardoise:runtime',
    dataCommitFormat: 'json',
    autocommit: true,
    // Storyline and others set suspend_data on every slide without committing: keep it within
    // seconds, not only when the content commits or the page is hidden.
    autocommitSeconds: 3,
    logLevel: 5 as const,
  };
  const cmi = startingCmi(standard, kept);
  if (standard === 'scorm12') {
    // The ES modules export the class by name (their type declarations say default).
    const module = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: typeof Scorm12API };
    const api = new module.Scorm12API(settings, transport);
    api.loadFromJSON(withinModel(cmi, modelOf(api)));
    Object.assign(target, { API: api });
    return { commitIfOpen: () => api.isInitialized() && void api.LMSCommit('') };
  }
  const module = (await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: typeof Scorm2004API };
  const api = new module.Scorm2004API(settings, transport);
  api.loadFromJSON(withinModel(cmi, modelOf(api)));
  Object.assign(target, { API_1484_11: api });
  return { commitIfOpen: () => api.isInitialized() && void api.Commit('') };
}
