// Playable SCORM packages built in code for the runtime tests: each page finds the API on its
// parent chain (as SCORM content does), initializes, shows what it resumed from, and on its buttons
// sets location / suspend_data / status / score, commits and finishes. Also how a test seeds an
// activity row with what upload recognition would have found (kind, folder, launch page).
import type { PackageKind } from '../../common/schemas/activity-package.js';
import type { Db } from '../../server/db/database.js';
import { buildZip } from '../../server/fixtures/files.js';

export type ScormStandard = 'scorm12' | 'scorm2004';

/** The cmi element names of each standard for what the test page does. */
const ELEMENTS = {
  scorm12: {
    api: 'API',
    init: 'LMSInitialize',
    get: 'LMSGetValue',
    set: 'LMSSetValue',
    commit: 'LMSCommit',
    finish: 'LMSFinish',
    entry: 'cmi.core.entry',
    location: 'cmi.core.lesson_location',
    exit: 'cmi.core.exit',
    done: [['cmi.core.lesson_status', 'passed']],
    score: [
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', '85'],
    ],
  },
  scorm2004: {
    api: 'API_1484_11',
    init: 'Initialize',
    get: 'GetValue',
    set: 'SetValue',
    commit: 'Commit',
    finish: 'Terminate',
    entry: 'cmi.entry',
    location: 'cmi.location',
    exit: 'cmi.exit',
    done: [
      ['cmi.completion_status', 'completed'],
      ['cmi.success_status', 'passed'],
    ],
    score: [
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', '85'],
      ['cmi.score.scaled', '0.85'],
    ],
  },
} as const;

/** Longer than SCORM 1.2's 4,096 characters, as real packages write. */
export const LONG_SUSPEND_LENGTH = 6000;

export function scormPage(standard: ScormStandard, title: string): string {
  const e = ELEMENTS[standard];
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
<p id="api">recherche</p><p id="entry"></p><p id="location"></p><p id="suspend"></p>
<button id="next" type="button">Étape suivante</button> <button id="note" type="button">Noter sans enregistrer</button>
<button id="finish" type="button">Terminer</button>
<p id="done"></p>
<script>
function findApi(win) {
  for (let i = 0; win && i < 10; i++) {
    if (win.${e.api}) return win.${e.api};
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}
const api = findApi(window);
const show = (id, text) => { document.getElementById(id).textContent = text; };
if (!api) show('api', 'API introuvable');
else {
  show('api', 'API trouvée : ' + api.${e.init}(''));
  show('entry', 'entry=' + api.${e.get}('${e.entry}'));
  show('location', 'location=' + api.${e.get}('${e.location}'));
  show('suspend', 'suspend=' + api.${e.get}('cmi.suspend_data').length);
}
document.getElementById('next').onclick = () => {
  const step = Number((api.${e.get}('${e.location}') || 'step-0').slice(5)) + 1;
  api.${e.set}('${e.location}', 'step-' + step);
  api.${e.set}('cmi.suspend_data', String(step).repeat(${LONG_SUSPEND_LENGTH}));
  api.${e.set}('${e.exit}', 'suspend');
  show('location', 'location=' + api.${e.get}('${e.location}') + ' (' + api.${e.commit}('') + ')');
};
// As Storyline does on each slide: values set, no commit (the player commits when the page goes).
document.getElementById('note').onclick = () => {
  api.${e.set}('${e.location}', 'noted');
  api.${e.set}('${e.exit}', 'suspend');
  show('location', 'location=' + api.${e.get}('${e.location}') + ' (not committed)');
};
document.getElementById('finish').onclick = () => {
  ${[...e.done, ...e.score].map(([k, v]) => `api.${e.set}('${k}', '${v}');`).join('\n  ')}
  api.${e.set}('${e.exit}', '');
  const committed = api.${e.commit}('');
  show('done', 'Activité terminée (' + committed + ', ' + api.${e.finish}('') + ')');
};
</script></body></html>`;
}

export function scormManifest(standard: ScormStandard, launch: string): string {
  const schema =
    standard === 'scorm12'
      ? '<schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>'
      : '<schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion>';
  const type = standard === 'scorm12' ? 'adlcp:scormtype="sco"' : 'adlcp:scormType="sco"';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="ardoise.test" version="1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>${schema}</metadata>
  <organizations default="org"><organization identifier="org"><title>Test</title>
    <item identifier="item" identifierref="res"><title>Test</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" ${type} href="${launch}"><file href="${launch.split('?')[0]}"/></resource></resources>
</manifest>`;
}

/** A SCORM package and where recognition would find it: SCORM 1.2 at the zip's root with its SCO
 * in a subfolder and a query string; SCORM 2004 under a top folder. */
export function scormPackage(standard: ScormStandard, title: string) {
  const root = standard === 'scorm12' ? '' : 'module-2004/';
  const page = standard === 'scorm12' ? 'sco/start.html' : 'index_lms.html';
  const launch = standard === 'scorm12' ? `${page}?lang=fr` : page;
  const files: Record<string, string> = {
    [`${root}imsmanifest.xml`]: scormManifest(standard, launch),
    [`${root}${page}`]: scormPage(standard, title),
  };
  return { zip: buildZip(files), kind: standard as PackageKind, root, launch };
}

/** Sets what upload recognition finds on these activity rows. */
export async function describeActivities(
  db: Db,
  activityIds: number[],
  description: { kind: PackageKind; root: string; launch: string },
): Promise<void> {
  await db
    .updateTable('activities')
    .set({ package_kind: description.kind, package_root: description.root, launch_path: description.launch })
    .where('id', 'in', activityIds)
    .execute();
}

/** A SCORM 1.2 package whose page commits a score of 42, completed, as it loads, then shows
 * "committed". */
export function committingScormFiles(title: string, heading: string): Record<string, string> {
  return {
    'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${heading}</h1><p id="out">pending</p><script>
const api = window.parent.API;
api.LMSInitialize('');
api.LMSSetValue('cmi.core.score.raw', '42');
api.LMSSetValue('cmi.core.lesson_status', 'completed');
api.LMSCommit('');
document.getElementById('out').textContent = 'committed';
</script></body></html>`,
  };
}
