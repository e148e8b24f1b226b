// The SCORM runtime: scorm-again's SCORM 1.2 or 2004 API, installed on the page framing the content
// as `API` / `API_1484_11` before the activity frame loads, so content framed inside finds it on its
// parent chain. On the player page the kept cmi is loaded first (the activity resumes) and every
// commit scorm-again makes (LMSCommit/Commit, finish/terminate, autocommit) is handed to `report`
// whole, at once: the content never waits for the network. On the admin's preview page it commits
// nowhere. scorm-again is loaded only for SCORM packages, each version's for its own.
import type Scorm12API from 'scorm-again/scorm12';
import type Scorm2004API from 'scorm-again/scorm2004';
import type { RuntimeData, RuntimeState } from '@/common/schemas/activity-runtime.js';
import type { StandardsOf } from '@/common/standards/kinds.js';
import type { PlayerRuntime, RuntimeLaunch } from '../runtime';

export type ScormStandard = StandardsOf<'scorm'>;
/** The player page commits when it is hidden. */
type ScormRuntime = Required<Pick<PlayerRuntime, 'commitIfOpen'>>;

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

/** The ES modules export the class by name (their type declarations say default). */
const scorm12 = async () =>
  ((await import('scorm-again/scorm12')) as unknown as { Scorm12API: typeof Scorm12API }).Scorm12API;
const scorm2004 = async () =>
  ((await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: typeof Scorm2004API }).Scorm2004API;

export async function installScormRuntime(
  target: Window,
  launch: RuntimeLaunch<ScormStandard>,
  report: (data: RuntimeData) => void,
): Promise<ScormRuntime> {
  const standard = launch.kind;
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
  const cmi = startingCmi(standard, launch.runtime);
  if (standard === 'scorm12') {
    const api = new (await scorm12())(settings, transport);
    api.loadFromJSON(withinModel(cmi, modelOf(api)));
    Object.assign(target, { API: api });
    return { commitIfOpen: () => api.isInitialized() && void api.LMSCommit('') };
  }
  const api = new (await scorm2004())(settings, transport);
  api.loadFromJSON(withinModel(cmi, modelOf(api)));
  Object.assign(target, { API_1484_11: api });
  return { commitIfOpen: () => api.isInitialized() && void api.Commit('') };
}

/** No commit URL (scorm-again then commits nowhere), no offline queue: a preview records nothing. */
const PREVIEW_SETTINGS = {
  lmsCommitUrl: false,
  autocommit: false,
  enableOfflineSupport: false,
  logLevel: 4, // errors only: a package's calls are not the admin's concern
} as const;

export async function installScormPreview(target: Window, standard: ScormStandard): Promise<void> {
  if (standard === 'scorm12') Object.assign(target, { API: new (await scorm12())(PREVIEW_SETTINGS) });
  else Object.assign(target, { API_1484_11: new (await scorm2004())(PREVIEW_SETTINGS) });
}
