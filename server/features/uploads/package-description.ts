// Recognises what an activity package is (docs/decisions.md#files-and-activities) from its own description: cmi5.xml (cmi5),
// tincan.xml (Tin Can), imsmanifest.xml (SCORM 1.2/2004), h5p.json (H5P), else index.html or one
// obvious entry page, at the root of the zip or under a single top folder. The xAPI descriptions
// come first: authoring tools write them only in their xAPI exports, which may also carry an
// imsmanifest.xml (or stale SCORM files) whose SCORM API the content does not call. Answers
// where it lives, what to open and the admin's summary, or refuses with what is missing.
import { DESCRIPTION_MAX_BYTES, XML_MAX_DEPTH } from '../../../common/constants.js';
import { packageWarningMessages, uploadMessages as u } from '../../../common/messages/curriculum.js';
import type {
  PackageKind,
  PackageSummary,
  PackageWarning,
} from '../../../common/schemas/activity-package.js';
import type { XapiPackage } from '../../../common/schemas/xapi.js';
import { badRequest } from '../../http-error.js';
import { readH5pPackage } from './h5p-package.js';
import type { PackageListing } from './package-listing.js';
import { packageWarnings } from './package-warnings.js';
import { readScormManifest } from './scorm-manifest.js';
import { readCmi5Manifest, readTincanManifest } from './xapi-manifest.js';
import { xmlTooDeep } from './xml-elements.js';

export type PackageDescription = {
  kind: PackageKind;
  /** '' or a single top folder ending with '/'. */
  root: string;
  /** Relative to `root`, query string kept. */
  launch: string;
  summary: PackageSummary;
};

/** Start pages authoring tools write, most telling first (Storyline, Captivate, iSpring, Lectora…). */
const ENTRY_PAGES = [
  'index.html',
  'index.htm',
  'story.html',
  'index_lms.html',
  'story_html5.html',
  'index_lms_html5.html',
  'index_scorm.html',
  'presentation.html',
  'launch.html',
  'start.html',
  'default.html',
];
const MAX_CANDIDATES = 10;

export async function describePackage(listing: PackageListing): Promise<PackageDescription> {
  const names = [...listing.sizes.keys()];
  const top = singleTopFolder(names);
  const roots = top ? ['', top] : [''];
  const { kind, root, launch, detail, xapi, auTitles } = await recognise(listing, roots);
  let unpackedBytes = 0;
  for (const size of listing.sizes.values()) unpackedBytes += size;
  const summary: PackageSummary = {
    kind,
    launch,
    files: listing.sizes.size,
    unpackedBytes,
    ...(detail ? { detail } : {}),
    ...(xapi ? { xapi } : {}),
    warnings: [...(await packageWarnings(listing)), ...severalAusWarning(auTitles)],
  };
  return { kind, root, launch, summary };
}

type Recognised = {
  kind: PackageKind;
  root: string;
  launch: string;
  detail: string | undefined;
  xapi?: XapiPackage;
  auTitles?: string[];
};

/** The description file's text (UTF-8, BOM dropped), within the size and depth caps. */
async function readDescription(listing: PackageListing, name: string, tooLarge: string): Promise<string> {
  if ((listing.sizes.get(name) ?? 0) > DESCRIPTION_MAX_BYTES) throw badRequest(tooLarge);
  const xml = (await listing.read(name, DESCRIPTION_MAX_BYTES)).toString('utf8').replace(/^\uFEFF/, '');
  if (xmlTooDeep(xml, XML_MAX_DEPTH)) {
    throw badRequest(u.descriptionTooDeep(name.slice(name.lastIndexOf('/') + 1), XML_MAX_DEPTH));
  }
  return xml;
}

/** Which standard a package follows, from the description file it holds (at the root, else in its
 * top folder), the first found in this order wins. */
const DESCRIPTIONS: { file: string; read: (listing: PackageListing, root: string) => Promise<Recognised> }[] =
  [
    { file: 'cmi5.xml', read: xapiReader('cmi5.xml', readCmi5Manifest) },
    { file: 'tincan.xml', read: xapiReader('tincan.xml', readTincanManifest) },
    {
      file: 'imsmanifest.xml',
      read: async (listing, root) => {
        const xml = await readDescription(listing, `${root}imsmanifest.xml`, u.manifestTooLarge);
        const manifest = readScormManifest(xml, (path) => listing.sizes.has(`${root}${path}`));
        return { kind: manifest.kind, root, launch: manifest.launch, detail: manifest.title };
      },
    },
    {
      file: 'h5p.json',
      read: async (listing, root) => {
        const h5p = await readH5pPackage(listing, root);
        return { kind: 'h5p', root, launch: h5p.launch, detail: h5p.mainLibrary };
      },
    },
  ];

function xapiReader(file: string, read: typeof readCmi5Manifest) {
  return async (listing: PackageListing, root: string): Promise<Recognised> => {
    const xml = await readDescription(listing, `${root}${file}`, u.xapiDescriptionTooLarge(file));
    const found = read(xml, (path) => listing.sizes.has(`${root}${path}`));
    return { ...found, root, detail: found.title };
  };
}

async function recognise(listing: PackageListing, roots: string[]): Promise<Recognised> {
  for (const { file, read } of DESCRIPTIONS) {
    const root = roots.find((r) => listing.sizes.has(`${r}${file}`));
    if (root !== undefined) return read(listing, root);
  }
  for (const root of roots) {
    const launch = entryPage(listing, root);
    if (launch) return { kind: 'html5', root, launch, detail: undefined };
  }
  throw badRequest(u.zipNoIndex);
}

/** A cmi5 course of several AUs plays its first one: the admin is told, with the AUs' titles. */
function severalAusWarning(auTitles: string[] | undefined): PackageWarning[] {
  if (!auTitles || auTitles.length < 2) return [];
  return [
    { code: 'several-aus', message: packageWarningMessages['several-aus'], examples: auTitles.slice(0, 10) },
  ];
}

/** The one obvious start page among the pages directly in `root`; refuses when several could be. */
function entryPage(listing: PackageListing, root: string): string | undefined {
  const pages = [...listing.sizes.keys()]
    .filter((name) => name.startsWith(root))
    .map((name) => name.slice(root.length))
    .filter((name) => !name.includes('/') && /\.html?$/i.test(name));
  if (pages.length === 0) return undefined;
  const known = ENTRY_PAGES.map((entry) => pages.find((page) => page.toLowerCase() === entry)).find(Boolean);
  if (known) return known;
  if (pages.length === 1) return pages[0];
  throw badRequest(u.entryPageAmbiguous(pages.sort().slice(0, MAX_CANDIDATES)));
}

/** 'top/' when every file sits in that one folder. */
function singleTopFolder(names: string[]): string | undefined {
  const first = names[0];
  if (!first?.includes('/')) return undefined;
  const top = first.slice(0, first.indexOf('/') + 1);
  return names.every((name) => name.startsWith(top)) ? top : undefined;
}
