// Real-world package shapes built in code, for the upload, player and H5P tests: SCORM 1.2 and
// 2004 packages whose page talks to the LMS API (initialize, read suspend_data, set status, score,
// location and suspend_data, commit, finish), H5P packages with their libraries, and HTML5 exports
// whose start page is not index.html.
import { buildZip } from './fixtures.js';

type Files = Record<string, string | Uint8Array>;

/** Puts every file under `top` ('' = at the root of the zip). */
const under = (top: string, files: Files): Files =>
  Object.fromEntries(Object.entries(files).map(([name, content]) => [`${top}${name}`, content]));

export type ScormVersion = '1.2' | '2004';

/** What the SCO writes when its "Terminer" button is pressed. */
export type ScoReport = { score: number; suspendData: string; location: string };

const DEFAULT_REPORT: ScoReport = { score: 80, suspendData: 'step=3;answers=b,c,a', location: 'page-3' };

/**
 * A page that finds the SCORM API on its parent chain (or its opener) as the standard says, starts
 * the attempt and shows what the LMS gave back (`#api`, `#resume`); the "Terminer" button reports
 * completion, the score, the location and suspend_data, commits and finishes (`#state`).
 */
export function scoPage(
  version: ScormVersion,
  report: ScoReport = DEFAULT_REPORT,
  title = 'Leçon SCORM',
): string {
  const is2004 = version === '2004';
  const apiName = is2004 ? 'API_1484_11' : 'API';
  const call = is2004
    ? { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate' }
    : {
        init: 'LMSInitialize',
        get: 'LMSGetValue',
        set: 'LMSSetValue',
        commit: 'LMSCommit',
        finish: 'LMSFinish',
      };
  const writes = is2004
    ? [
        ['cmi.completion_status', 'completed'],
        ['cmi.success_status', 'passed'],
        ['cmi.score.min', '0'],
        ['cmi.score.max', '100'],
        ['cmi.score.raw', String(report.score)],
        ['cmi.score.scaled', String(report.score / 100)],
        ['cmi.location', report.location],
        ['cmi.exit', 'suspend'],
        ['cmi.suspend_data', report.suspendData],
      ]
    : [
        ['cmi.core.lesson_status', 'passed'],
        ['cmi.core.score.min', '0'],
        ['cmi.core.score.max', '100'],
        ['cmi.core.score.raw', String(report.score)],
        ['cmi.core.lesson_location', report.location],
        ['cmi.core.exit', 'suspend'],
        ['cmi.suspend_data', report.suspendData],
      ];
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<h1>${title}</h1>
<p id="api">recherche de l'API</p>
<p id="resume"></p>
<button id="finish" type="button">Terminer</button>
<p id="state">en cours</p>
<script>
  function findApi(win) {
    for (var depth = 0; win && depth < 10; depth++) {
      try { if (win.${apiName}) return win.${apiName}; } catch (e) {}
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window) || (window.opener ? findApi(window.opener) : null);
  document.getElementById('api').textContent = api ? 'API ${apiName} trouvée' : 'API ${apiName} introuvable';
  if (api) {
    api.${call.init}('');
    var saved = api.${call.get}('cmi.suspend_data');
    document.getElementById('resume').textContent = saved ? 'Reprise : ' + saved : 'Première visite';
  }
  document.getElementById('finish').addEventListener('click', function () {
    if (!api) return;
    var writes = ${JSON.stringify(writes)};
    for (var i = 0; i < writes.length; i++) api.${call.set}(writes[i][0], writes[i][1]);
    api.${call.commit}('');
    api.${call.finish}('');
    document.getElementById('state').textContent = 'Terminé';
  });
</script>
</body></html>`;
}

export type ManifestOptions = {
  version: ScormVersion;
  title?: string;
  /** xml:base on manifest, resources and resource. */
  bases?: { manifest?: string; resources?: string; resource?: string };
  /** The SCO's href (relative to the bases). */
  href?: string;
  /** The item's parameters attribute. */
  parameters?: string;
  /** Adds an organization before the default one, whose SCO is `other.html`. */
  nonFirstDefault?: boolean;
  /** Writes the schemaversion (default) or leaves the namespaces alone to tell the version. */
  schemaversion?: boolean;
};

/** An imsmanifest.xml with the prefixes and casing each version uses (adlcp:scormtype in 1.2,
 * adlcp:scormType in 2004), an asset resource listed before the SCO. */
export function scormManifest(options: ManifestOptions): string {
  const is2004 = options.version === '2004';
  const title = options.title ?? 'Leçon SCORM';
  const typeAttr = is2004 ? 'adlcp:scormType' : 'adlcp:scormtype';
  const base = (value: string | undefined) => (value ? ` xml:base="${value}"` : '');
  const namespaces = is2004
    ? 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"'
    : 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"';
  const schemaversion = options.schemaversion === false ? '' : is2004 ? '2004 4th Edition' : '1.2';
  const parameters = options.parameters === undefined ? '' : ` parameters="${options.parameters}"`;
  const other = options.nonFirstDefault
    ? `<organization identifier="ORG-OTHER"><title>Autre parcours</title>
      <item identifier="ITEM-OTHER" identifierref="RES-OTHER"><title>Autre</title></item></organization>`
    : '';
  const otherResource = options.nonFirstDefault
    ? `<resource identifier="RES-OTHER" type="webcontent" ${typeAttr}="sco" href="other.html"><file href="other.html"/></resource>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="ARDOISE-TEST" version="1" ${namespaces}${base(options.bases?.manifest)}>
  <metadata><schema>ADL SCORM</schema>${schemaversion ? `<schemaversion>${schemaversion}</schemaversion>` : ''}</metadata>
  <organizations default="ORG-MAIN">
    ${other}
    <organization identifier="ORG-MAIN">
      <title>${title}</title>
      <item identifier="ITEM-INTRO"><title>Chapitre 1</title>
        <item identifier="ITEM-SCO" identifierref="RES-SCO"${parameters}><title>${title}</title></item>
      </item>
    </organization>
  </organizations>
  <resources${base(options.bases?.resources)}>
    <resource identifier="RES-SHARED" type="webcontent" ${typeAttr}="asset"><file href="shared/style.css"/></resource>
    ${otherResource}
    <resource identifier="RES-SCO" type="webcontent" ${typeAttr}="sco" href="${options.href ?? 'index_lms.html'}"${base(options.bases?.resource)}>
      <file href="${options.href ?? 'index_lms.html'}"/>
    </resource>
  </resources>
</manifest>`;
}

export type ScormPackageOptions = Partial<ManifestOptions> & {
  /** A single top folder holding everything (e.g. 'export/'). */
  top?: string;
  /** Where the SCO page is stored, relative to the root (default: bases + href). */
  scoPath?: string;
  /** Leaves the SCO page out (the manifest then names a missing page). */
  withoutSco?: boolean;
  report?: ScoReport;
};

/** A SCORM package like the authoring tools export: manifest, SCO page, a stylesheet. */
export function buildScormPackage(options: ScormPackageOptions = {}): Buffer {
  const version = options.version ?? '1.2';
  const manifest = scormManifest({ ...options, version });
  const bases = options.bases ?? {};
  const scoPath =
    options.scoPath ??
    `${bases.manifest ?? ''}${bases.resources ?? ''}${bases.resource ?? ''}${options.href ?? 'index_lms.html'}`;
  const files: Files = {
    'imsmanifest.xml': manifest,
    'shared/style.css': 'body { font-family: sans-serif; }',
    ...(options.withoutSco ? {} : { [scoPath]: scoPage(version, options.report, options.title) }),
    ...(options.nonFirstDefault ? { 'other.html': scoPage(version, options.report, 'Autre') } : {}),
  };
  return buildZip(under(options.top ?? '', files));
}

export const buildScorm12Package = (options: Omit<ScormPackageOptions, 'version'> = {}) =>
  buildScormPackage({ ...options, version: '1.2' });
export const buildScorm2004Package = (options: Omit<ScormPackageOptions, 'version'> = {}) =>
  buildScormPackage({ ...options, version: '2004' });

type Library = { machineName: string; majorVersion: number; minorVersion: number };
const folderOf = (lib: Library) => `${lib.machineName}-${lib.majorVersion}.${lib.minorVersion}`;

const MAIN: Library = { machineName: 'H5P.ArdoiseQuiz', majorVersion: 1, minorVersion: 2 };
const FONT: Library = { machineName: 'FontAwesome', majorVersion: 4, minorVersion: 5 };
const QUESTION: Library = { machineName: 'H5P.Question', majorVersion: 1, minorVersion: 5 };

/** A content type the H5P runtime can run: one question, one "Répondre" button that reports an
 * `answered` and a `completed` xAPI statement with a full score. */
const QUIZ_SCRIPT = `H5P.ArdoiseQuiz = (function ($) {
  function ArdoiseQuiz(params, contentId) {
    H5P.EventDispatcher.call(this);
    this.params = params;
    this.contentId = contentId;
  }
  ArdoiseQuiz.prototype = Object.create(H5P.EventDispatcher.prototype);
  ArdoiseQuiz.prototype.constructor = ArdoiseQuiz;
  ArdoiseQuiz.prototype.attach = function ($container) {
    var self = this;
    $container.addClass('ardoise-quiz').html('<p class="question"></p><button type="button">Répondre</button><p class="state"></p>');
    $container.find('.question').text(this.params.question);
    $container.find('button').on('click', function () {
      ['answered', 'completed'].forEach(function (verb) {
        var event = self.createXAPIEventTemplate(verb);
        event.setScoredResult(1, 1, self, true, true);
        self.trigger(event);
      });
      $container.find('.state').text('Réponse envoyée');
    });
  };
  return ArdoiseQuiz;
})(H5P.jQuery);`;

export type H5pPackageOptions = {
  /** Library folders left out (e.g. ['FontAwesome-4.5']). */
  omit?: string[];
  /** A single top folder (an extracted H5P zipped again). */
  top?: string;
  question?: string;
};

/** A minimal .h5p: h5p.json, content/content.json, the main library which preloads H5P.Question,
 * which itself preloads FontAwesome (found only through its library.json). */
export function buildH5pPackage(options: H5pPackageOptions = {}): Buffer {
  const library = (lib: Library, extra: object) =>
    JSON.stringify({ title: lib.machineName, ...lib, patchVersion: 0, runnable: 0, ...extra });
  const files: Files = {
    'h5p.json': JSON.stringify({
      title: 'Quiz Ardoise',
      language: 'fr',
      mainLibrary: MAIN.machineName,
      embedTypes: ['div'],
      license: 'U',
      preloadedDependencies: [MAIN, QUESTION],
    }),
    'content/content.json': JSON.stringify({ question: options.question ?? 'Combien font 2 + 2 ?' }),
    [`${folderOf(MAIN)}/library.json`]: library(MAIN, {
      runnable: 1,
      preloadedJs: [{ path: 'quiz.js' }],
      preloadedDependencies: [QUESTION],
    }),
    [`${folderOf(MAIN)}/quiz.js`]: QUIZ_SCRIPT,
    [`${folderOf(QUESTION)}/library.json`]: library(QUESTION, { preloadedDependencies: [FONT] }),
    [`${folderOf(FONT)}/library.json`]: library(FONT, { preloadedCss: [{ path: 'font.css' }] }),
    [`${folderOf(FONT)}/font.css`]: '.ardoise-quiz { font-family: sans-serif; }',
  };
  const omitted = new Set(options.omit ?? []);
  const kept = Object.fromEntries(
    Object.entries(files).filter(([name]) => !omitted.has(name.slice(0, name.indexOf('/')))),
  );
  return buildZip(under(options.top ?? '', kept));
}

/** An HTML5 export without manifest whose pages are `pages` (each a small page naming itself). */
export function buildHtml5Package(pages: string[], top = ''): Buffer {
  const files: Files = { 'assets/app.js': "document.body.dataset.ready = 'yes';" };
  for (const page of pages) {
    files[page] =
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${page}</title></head>` +
      `<body><h1>${page}</h1><script src="assets/app.js"></script></body></html>`;
  }
  return buildZip(under(top, files));
}

export type Cmi5AuOptions = {
  id: string;
  url: string;
  title?: string;
  /** Written as an attribute (cmi5 §13.1.4); left out when undefined. */
  moveOn?: string;
  masteryScore?: string;
  launchParameters?: string;
  /** Puts the AU inside a block (nested blocks when > 1). */
  blocks?: number;
};

/** A cmi5.xml course structure as Storyline, Rise and iSpring write it: langstring titles, AUs at
 * the top or inside blocks, course-level objectives before them. */
export function cmi5Xml(options: { courseTitle?: string; aus: Cmi5AuOptions[] }): string {
  const lang = (text: string) => `<langstring lang="fr-FR">${text}</langstring>`;
  const au = (a: Cmi5AuOptions) => {
    const attrs = [
      `id="${a.id}"`,
      'launchMethod="OwnWindow"',
      ...(a.moveOn === undefined ? [] : [`moveOn="${a.moveOn}"`]),
      ...(a.masteryScore === undefined ? [] : [`masteryScore="${a.masteryScore}"`]),
    ].join(' ');
    const parameters = a.launchParameters ? `<launchParameters>${a.launchParameters}</launchParameters>` : '';
    let xml = `<au ${attrs}><title>${lang(a.title ?? 'Unité')}</title><description>${lang('')}</description><url>${a.url}</url>${parameters}</au>`;
    for (let depth = 0; depth < (a.blocks ?? 0); depth++) {
      xml = `<block id="${a.id}/block-${depth}"><title>${lang('Bloc')}</title><description>${lang('')}</description>${xml}</block>`;
    }
    return xml;
  };
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://ardoise.test/course"><title>${lang(options.courseTitle ?? 'Cours cmi5')}</title><description>${lang('')}</description></course>
  <objectives><objective id="https://ardoise.test/objective/1"><title>${lang('Quiz')}</title><description>${lang('')}</description></objective></objectives>
  ${options.aus.map(au).join('\n  ')}
</courseStructure>`;
}

/** A small page for an AU or a Tin Can launch (the player's E2E tests bring their own). */
const xapiPage = (title: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

export type Cmi5PackageOptions = {
  courseTitle?: string;
  aus?: Cmi5AuOptions[];
  top?: string;
  /** Files beside cmi5.xml (default: one page for each AU's url, query left out). */
  files?: Files;
};

/** A cmi5 package: cmi5.xml and its AUs' pages, like a Rise 360 export (no index.html at the root). */
export function buildCmi5Package(options: Cmi5PackageOptions = {}): Buffer {
  const aus = options.aus ?? [
    {
      id: 'https://ardoise.test/au/1',
      url: 'scormdriver/indexAPI.html',
      moveOn: 'Passed',
      masteryScore: '0.8',
    },
  ];
  const pages: Files = {};
  for (const au of aus) {
    if (!/^[a-z]+:/i.test(au.url)) pages[au.url.split(/[?#]/)[0]!] = xapiPage(au.title ?? 'Unité');
  }
  const files: Files = {
    'cmi5.xml': cmi5Xml({ courseTitle: options.courseTitle, aus }),
    ...(options.files ?? pages),
  };
  return buildZip(under(options.top ?? '', files));
}

/** A Tin Can package as Storyline writes it: tincan.xml whose course activity launches
 * index_lms.html, then module activities without a launch. */
export function tincanXml(
  options: { id?: string; launch?: string; name?: string; courseType?: boolean } = {},
) {
  const id = options.id ?? 'http://ardoise.test/tincan/course';
  const type =
    options.courseType === false
      ? 'http://adlnet.gov/expapi/activities/module'
      : 'http://adlnet.gov/expapi/activities/course';
  return `<?xml version="1.0" encoding="utf-8"?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
    <activity id="${id}/intro" type="http://adlnet.gov/expapi/activities/module"><name lang="und">Intro</name></activity>
    <activity id="${id}" type="${type}">
      <name lang="und"><![CDATA[${options.name ?? 'Cours Tin Can'}]]></name>
      <description lang="und" />
      <launch lang="und">${options.launch ?? 'index_lms.html'}</launch>
    </activity>
  </activities>
</tincan>`;
}

export function buildTincanPackage(
  options: Parameters<typeof tincanXml>[0] & {
    top?: string;
    files?: Files;
    withScormManifest?: boolean;
  } = {},
): Buffer {
  const launch = options.launch ?? 'index_lms.html';
  const files: Files = {
    'tincan.xml': tincanXml(options),
    'story.html': xapiPage('Story'),
    ...(options.withScormManifest
      ? { 'imsmanifest.xml': scormManifest({ version: '1.2', href: 'story.html' }) }
      : {}),
    ...(options.files ?? { [launch.split(/[?#]/)[0]!]: xapiPage('Cours Tin Can') }),
  };
  return buildZip(under(options.top ?? '', files));
}
