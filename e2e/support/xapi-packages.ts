// Playable cmi5 and Tin Can packages built in code for the xAPI E2E tests. The page follows the
// launch as real content does once the learner starts it ("Démarrer", as Storyline's first slide):
// reads endpoint / actor / registration / activity id from its query,
// POSTs the cmi5 fetch URL for its token (Tin Can: the `auth` parameter), reads LMS.LaunchData and
// its own state document, sends initialized at once, then on its buttons saves its state, finishes
// (completed, passed with a score, terminated), and tries what the endpoint must refuse (a second
// fetch, a statement of another registration, a malformed statement). Each answer is shown. The
// state is read first with a synchronous XHR (Rise does), which Chromium does not hand to the worker.
import { buildCmi5Package, buildTincanPackage } from '../../server/test/package-fixtures.js';

export const XAPI_COURSE_ID = 'https://ardoise.test/xapi/course';
/** The score the page reports when it finishes (scaled 0.9: over the mastery score 0.8). */
export const XAPI_SCORE = 90;

function xapiPage(kind: 'cmi5' | 'tincan', title: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
<button id="begin" type="button">Démarrer</button>
<p id="launch">lancement</p><p id="state">état ?</p><p id="status"></p>
<button id="save" type="button">Enregistrer la page 3</button>
<button id="finish" type="button">Terminer le cours</button>
<button id="refetch" type="button">Redemander le jeton</button>
<button id="wrong" type="button">Autre inscription</button>
<button id="bad" type="button">Déclaration invalide</button>
<p id="result"></p>
<script>
const q = new URLSearchParams(location.search);
const endpoint = q.get('endpoint');
const actor = JSON.parse(q.get('actor'));
const registration = q.get('registration');
const activityId = q.get('activityId') || q.get('activity_id');
let auth = q.get('auth');
let launchData = null;
const show = (id, text) => { document.getElementById(id).textContent = text; };
async function xapi(method, resource, params, body) {
  const url = new URL(resource, endpoint);
  for (const [k, v] of Object.entries(params || {})) url.searchParams.set(k, v);
  const headers = { Authorization: auth, 'X-Experience-API-Version': '1.0.3' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const stateParams = (stateId) => ({ activityId, agent: JSON.stringify(actor), registration, stateId });
const statement = (verb, extra) => Object.assign({
  actor,
  verb: { id: 'http://adlnet.gov/expapi/verbs/' + verb, display: { 'en-US': verb } },
  object: { id: activityId, objectType: 'Activity' },
  context: Object.assign({ registration }, launchData ? { extensions: launchData.contextTemplate.extensions } : {}),
  timestamp: new Date().toISOString(),
}, extra || {});
const send = async (...statements) => (await xapi('POST', 'statements', {}, statements)).status;
async function start() {
  if (${kind === 'cmi5'}) {
    const token = await (await fetch(q.get('fetch'), { method: 'POST' })).json();
    auth = 'Basic ' + token['auth-token'];
    launchData = await (await xapi('GET', 'activities/state', stateParams('LMS.LaunchData'))).json();
    show('launch', 'moveOn=' + launchData.moveOn + ' masteryScore=' + launchData.masteryScore + ' session=' + !!launchData.contextTemplate.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']);
  } else show('launch', 'auth=' + (auth ? 'oui' : 'non'));
  // Read synchronously, as Rise's scormdriver reads its state documents.
  const read = new XMLHttpRequest();
  const url = new URL('activities/state', endpoint);
  for (const [k, v] of Object.entries(stateParams('progress'))) url.searchParams.set(k, v);
  read.open('GET', url, false);
  read.setRequestHeader('Authorization', auth);
  read.setRequestHeader('X-Experience-API-Version', '1.0.3');
  read.send();
  show('state', read.status === 200 ? 'page=' + JSON.parse(read.responseText).page : 'état ' + read.status);
  show('status', 'initialized ' + await send(statement('initialized')));
}
document.getElementById('begin').onclick = () => start().catch((e) => show('status', 'erreur ' + e.message));
document.getElementById('save').onclick = async () => {
  const put = await xapi('PUT', 'activities/state', stateParams('progress'), { page: 3 });
  const read = await (await xapi('GET', 'activities/state', stateParams('progress'))).json();
  show('result', 'état enregistré ' + put.status + ' page=' + read.page);
};
document.getElementById('finish').onclick = async () => {
  const score = { scaled: ${XAPI_SCORE / 100}, raw: ${XAPI_SCORE}, min: 0, max: 100 };
  const done = await send(statement('completed', { result: { completion: true } }));
  const passed = await send(statement('passed', { result: { success: true, score } }));
  const ended = await send(statement('terminated'));
  show('result', 'fini ' + done + ' ' + passed + ' ' + ended);
};
document.getElementById('refetch').onclick = async () => {
  const answer = await fetch(q.get('fetch'), { method: 'POST' });
  show('result', 'second fetch ' + answer.status + ' error-code=' + (await answer.json())['error-code']);
};
document.getElementById('wrong').onclick = async () => {
  const other = statement('experienced', { context: { registration: '11111111-2222-4333-8444-555555555555' } });
  show('result', 'autre inscription ' + await send(other));
};
document.getElementById('bad').onclick = async () => {
  show('result', 'invalide ' + await send({ actor, verb: { id: 'pas une IRI' }, object: { id: activityId } }));
};
</script></body></html>`;
}

/** A cmi5 course of one AU under a top folder (as Rise exports), moveOn CompletedAndPassed,
 * mastery score 0.8. */
export function cmi5TestPackage(title: string): Buffer {
  return buildCmi5Package({
    courseTitle: title,
    top: 'cours-cmi5/',
    aus: [
      {
        id: `${XAPI_COURSE_ID}/au-1`,
        url: 'au/index.html?lang=fr',
        title,
        moveOn: 'CompletedAndPassed',
        masteryScore: '0.8',
      },
    ],
    files: { 'au/index.html': xapiPage('cmi5', title) },
  });
}

/** A Tin Can package at the zip's root, launching index_lms.html. */
export function tincanTestPackage(title: string): Buffer {
  return buildTincanPackage({
    id: XAPI_COURSE_ID,
    name: title,
    launch: 'index_lms.html',
    files: { 'index_lms.html': xapiPage('tincan', title) },
  });
}
