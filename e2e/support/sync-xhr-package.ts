// A SCORM 1.2 package built in code whose pages read their own files with synchronous XHR, as
// Lectora reads its _tobj….txt: the launch page (a text file, an XML file read through
// responseXML, a file the package does not have, the same path in another package's namespace),
// a nested frame (a relative path from a subfolder) and a second page (JSON). Each shows what it
// got, so a test waits for texts. Also a frameset as Lectora builds it: a manager frame reads the
// data, then opens the page in its sibling content frame through the target's trivExitPage when
// it has one (as Lectora does), else by setting its location.
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

/** The package's files by path (the preview reads them unpacked). */
export function syncXhrFiles(): Record<string, string> {
  return {
    'imsmanifest.xml': scormManifest('scorm12', 'index.html'),
    'index.html': page(
      'Lecture synchrone',
      `<p id="api"></p><p id="text"></p><p id="xml"></p><p id="missing"></p><p id="other"></p>
<iframe title="Cadre" src="cadres/cadre.html" width="600" height="120"></iframe>
<p><a href="page2.html">Suite</a> <a href="cadres/jeu.html">Jeu en cadres</a></p>`,
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
    'cadres/jeu.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Jeu</title></head>
<frameset rows="0,*"><frame name="gestion" src="gestion.html"><frame name="contenu" src="attente.html"></frameset></html>`,
    'cadres/gestion.html': page(
      'Gestion',
      '',
      `var data = read('../data/_tobj1.txt');
parent.addEventListener('load', function () {
  var target = parent.frames['contenu'];
  var url = 'ouverte.html#' + encodeURIComponent(data.status + ' ' + data.text);
  if (target.trivExitPage) target.trivExitPage(url, true);
  else target.location.href = url;
});`,
    ),
    'cadres/attente.html': page('Chargement', '<p>Veuillez patienter</p>', ''),
    'cadres/ouverte.html': page(
      'Page ouverte',
      '<p id="got"></p>',
      `show('got', 'Ouverte par la gestion : ' + decodeURIComponent(location.hash.slice(1)));`,
    ),
    'data/_tobj1.txt': SYNC_TEXT,
    'data/questions.xml': '<?xml version="1.0" encoding="UTF-8"?><test><q>1</q><q>2</q><q>3</q></test>',
    'data/suite.json': JSON.stringify({ message: 'la suite est là' }),
  };
}
