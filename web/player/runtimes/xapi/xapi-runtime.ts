// The cmi5 / Tin Can runtime of the player page: creates the launch's LRS (xapi-lrs.ts) preloaded
// with the kept state documents, answers the requests the service worker forwards from the content's
// endpoint, and builds the launch query the content reads (cmi5 §8.1; Tin Can: Rustici's launch
// convention). The token the content must send is made here and never leaves the activity origin's
// player; the user's sign-in token never reaches this origin. Loaded for these kinds only.
import type { RuntimeData, RuntimeState } from '@/common/schemas/activity-runtime.js';
import type { XapiDocument, XapiLaunch } from '@/common/schemas/xapi.js';
import type { StandardsOf } from '@/common/standards/kinds.js';
import { randomUuid } from '../../shared/random-uuid';
import type { PlayerRuntime, RuntimeLaunch } from '../runtime';
import { XAPI_RETURN_RESOURCE, xapiEndpoint } from './xapi-endpoint';
import { createLrs } from './xapi-lrs';

export type XapiStandard = StandardsOf<'xapi'>;

function keptDocuments(kept: RuntimeState | null, standard: XapiStandard): XapiDocument[] {
  if (kept?.standard !== standard || !Array.isArray(kept.data.documents)) return [];
  return kept.data.documents as XapiDocument[];
}

/** The query the content's start page gets, after its own query. */
export function launchQuery(
  standard: XapiStandard,
  xapi: XapiLaunch,
  endpoint: string,
  authToken: string,
): string {
  const params = new URLSearchParams({ endpoint });
  if (standard === 'cmi5') params.set('fetch', `${endpoint}fetch`);
  else params.set('auth', `Basic ${authToken}`);
  params.set('actor', JSON.stringify(xapi.actor));
  params.set('registration', xapi.registration);
  params.set(standard === 'cmi5' ? 'activityId' : 'activity_id', xapi.activityId);
  // URLSearchParams writes spaces as '+': content decodes with decodeURIComponent, which does not.
  return params.toString().replace(/\+/g, '%20');
}

/** Appends `query` to a start page that may carry its own query (and a fragment). */
export function withLaunchQuery(page: string, query: string): string {
  const hash = page.indexOf('#');
  const [path, fragment] = hash === -1 ? [page, ''] : [page.slice(0, hash), page.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/** The activity starts from its start page with the launch query after its own; the LRS answers the
 * requests to the launch's endpoint (forwarded by the worker, or synchronous). */
export async function installXapiRuntime(
  target: Window,
  launch: RuntimeLaunch<XapiStandard>,
  report: (data: RuntimeData) => void,
): Promise<PlayerRuntime> {
  const { kind: standard, launchId, xapi, runtime: kept } = launch;
  if (!xapi) throw new Error('No xAPI launch information');
  const endpoint = xapiEndpoint(target.location.origin, launchId);
  const returnURL = `${endpoint}${XAPI_RETURN_RESOURCE}`;
  const authToken = btoa(`ardoise:${randomUuid()}`);
  const lrs = createLrs({
    standard,
    launch: xapi,
    documents: keptDocuments(kept, standard),
    authToken,
    sessionId: randomUuid(),
    returnURL,
    report,
    newId: randomUuid,
  });
  return {
    activityUrl: ({ folder, entry }) =>
      withLaunchQuery(folder + entry, launchQuery(standard, xapi, endpoint, authToken)),
    isReturn: (url) => url.split(/[?#]/)[0] === returnURL,
    answerXapi: (message) => (message.launchId === launchId ? lrs.handle(message.request) : null),
  };
}
