// A SCORM 1.2 package built in code whose pages read their own files with synchronous XHR, as
// Lectora reads its _tobj….txt: the launch page (a text file, an XML file read through
// responseXML, a file the package does not have, the same path in another package's namespace),
// a nested frame (a relative path from a subfolder) and a second page (JSON). Each shows what it
// got, so a test waits for texts.
import { buildZip } from '../../server/fixtures/files.js';
import { scormManifest } from './runtime-packages.js';

export const SYNC_TEXT = 'Bonjour depuis le paquet, déjà lu';
export const OTHER_NAMESPACE = 'b'.repeat(64);

/** In each page: `read(url)` → 'status text', or 'erreur' when send throws (offline network). */
const READ = `function read(url) {
  var xhr = new XMLHttpRequest();
  xhr.open('GET', url, false);
  try { xhr.send(); } catch (e) { return { status: 'erreur', text: '', xhr: xhr }; }
  return { status: xhr.status, text: xhr.responseText, xhr: xhr };
}
function show(id, text) { document.getElementById(id).textContent = text; }`;

const page = (title: string, body: string, script: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>${body}<script>${READ}
${script}</script></body></html>`;

export function syncXhrPackage(): Buffer {
  return buildZip({
    'imsmanifest.xml': scormManifest('scorm12', 'index.html'),
    'index.html': page(
      'Lecture synchrone',
      `<p id="api"></p><p id="text"></p><p id="xml"></p><p id="missing"></p><p id="other"></p>
<iframe title="Cadre" src="cadres/cadre.html" width="600" height="120"></iframe>
<p><a href="page2.html">Suite</a></p>`,
      `var api = window.parent && window.parent.API;
show('api', 'API trouvée : ' + (api ? api.LMSInitialize('') : 'non'));
var text = read('data/_tobj1.txt');
show('text', 'Texte : ' + text.status + ' ' + text.text);
var xml = read('data/questions.xml');
var doc = xml.xhr.responseXML;
show('xml', 'Questions : ' + xml.status + ' ' + (doc ? doc.getElementsByTagName('q').length : 'pas de document'));
show('missing', 'Absent : ' + read('data/absent.txt').status);
show('other', 'Autre paquet : ' + read('/local-activity/${OTHER_NAMESPACE}/data/_tobj1.txt').status);`,
    ),
    'cadres/cadre.html': page(
      'Cadre',
      '<p id="frame"></p>',
      `var got = read('../data/_tobj1.txt'); show('frame', 'Cadre : ' + got.status + ' ' + got.text);`,
    ),
    'page2.html': page(
      'Deuxième page',
      '<p id="json"></p>',
      `var got = read('data/suite.json'); show('json', 'Suite : ' + got.status + ' ' + JSON.parse(got.text).message);`,
    ),
    'data/_tobj1.txt': SYNC_TEXT,
    'data/questions.xml': '<?xml version="1.0" encoding="UTF-8"?><test><q>1</q><q>2</q><q>3</q></test>',
    'data/suite.json': JSON.stringify({ message: 'la suite est là' }),
  });
}
