// A SCORM 1.2 package built in code whose launch page writes documents into blank frames, as the
// "H5P in SCORM" wrapper's h5p-standalone does: one `<iframe src="about:blank">` put in by markup
// (innerHTML, as jQuery does), one created without src; right after inserting each, it
// `document.write`s into it a stylesheet and a script by relative URLs into subfolders. The frame
// shows what a learner would see: a line only the stylesheet makes visible, a line the script
// writes. Also a blank frame written with inline markup only, read back at once.
import { scormManifest } from './runtime-packages.js';

export const STYLED_TEXT = 'Feuille de style du paquet appliquée';
export const SCRIPTED_TEXT = 'Script du paquet exécuté';
export const INLINE_TEXT = 'Écrit en ligne, lu aussitôt';

/** A string literal for an inline script (its `</` escaped: it would end the script element). */
const literal = (text: string) => JSON.stringify(text).replace(/<\//g, '<\\/');

/** What each blank frame gets, from the launch page's folder. */
const written = (label: string) => `<!doctype html><html lang="fr" class="cadre-ecrit"><head>
<meta charset="utf-8"><title>${label}</title>
<link rel="stylesheet" href="styles/cadre.css">
<script src="workspace/lib/cadre.js"></script>
</head><body><p class="style-du-paquet" style="display:none">${STYLED_TEXT}</p><p id="script">En attente du script</p></body></html>`;

export function blankFrameFiles(): Record<string, string> {
  return {
    'imsmanifest.xml': scormManifest('scorm12', 'index.html'),
    'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Cadres vides</title></head>
<body><h1>Cadres vides</h1><div id="balisage"></div><p id="inline"></p>
<script>
function fill(frame, html) {
  var doc = frame.contentDocument;
  doc.open();
  doc.write(html);
  doc.close();
}
var holder = document.getElementById('balisage');
holder.innerHTML = '<iframe title="Cadre balisé" src="about:blank" width="600" height="120"></iframe>';
fill(holder.firstChild, ${literal(written('Cadre balisé'))});
var created = document.createElement('iframe');
created.title = 'Cadre créé';
created.width = '600';
created.height = '120';
document.body.appendChild(created);
fill(created, ${literal(written('Cadre créé'))});
var measure = document.createElement('iframe');
measure.title = 'Cadre de mesure';
document.body.appendChild(measure);
measure.contentWindow.document.open();
measure.contentWindow.document.write('<p id="mesure">${INLINE_TEXT}</p>');
measure.contentWindow.document.close();
var read = measure.contentDocument.getElementById('mesure');
document.getElementById('inline').textContent = 'Cadre de mesure : ' + (read ? read.textContent : 'vide');
</script></body></html>`,
    'styles/cadre.css':
      '.cadre-ecrit .style-du-paquet { display: block !important; color: rgb(0, 100, 0); }\n',
    'workspace/lib/cadre.js': `document.addEventListener('DOMContentLoaded', function () {
  document.getElementById('script').textContent = ${JSON.stringify(SCRIPTED_TEXT)};
});\n`,
  };
}
