// Recognises what an activity package is (DESIGN §6) from its own description: imsmanifest.xml
// (SCORM 1.2/2004), h5p.json (H5P), else index.html or one obvious entry page, at the root of the
// zip or under a single top folder. Answers where it lives, what to open and the admin's summary,
// or refuses with what is missing.
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import type { PackageKind, PackageSummary } from '../../../common/schemas/activity-package.js';
import { badRequest } from '../../http-error.js';
import { readH5pPackage } from './h5p-package.js';
import type { PackageListing } from './package-listing.js';
import { packageWarnings } from './package-warnings.js';
import { readScormManifest } from './scorm-manifest.js';

export type PackageDescription = {
  kind: PackageKind;
  /** '' or a single top folder ending with '/'. */
  root: string;
  /** Relative to `root`, query string kept. */
  launch: string;
  summary: PackageSummary;
};

const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;
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
  const { kind, root, launch, detail } = await recognise(listing, roots);
  let unpackedBytes = 0;
  for (const size of listing.sizes.values()) unpackedBytes += size;
  const summary: PackageSummary = {
    kind,
    launch,
    files: listing.sizes.size,
    unpackedBytes,
    ...(detail ? { detail } : {}),
    warnings: await packageWarnings(listing),
  };
  return { kind, root, launch, summary };
}

async function recognise(listing: PackageListing, roots: string[]) {
  const manifestRoot = roots.find((root) => listing.sizes.has(`${root}imsmanifest.xml`));
  if (manifestRoot !== undefined) {
    const name = `${manifestRoot}imsmanifest.xml`;
    if ((listing.sizes.get(name) ?? 0) > MANIFEST_MAX_BYTES) throw badRequest(u.manifestTooLarge);
    const xml = (await listing.read(name, MANIFEST_MAX_BYTES)).toString('utf8').replace(/^\uFEFF/, '');
    const manifest = readScormManifest(xml, (path) => listing.sizes.has(`${manifestRoot}${path}`));
    return { kind: manifest.kind, root: manifestRoot, launch: manifest.launch, detail: manifest.title };
  }
  const h5pRoot = roots.find((root) => listing.sizes.has(`${root}h5p.json`));
  if (h5pRoot !== undefined) {
    const h5p = await readH5pPackage(listing, h5pRoot);
    return { kind: 'h5p' as const, root: h5pRoot, launch: h5p.launch, detail: h5p.mainLibrary };
  }
  for (const root of roots) {
    const launch = entryPage(listing, root);
    if (launch) return { kind: 'html5' as const, root, launch, detail: undefined };
  }
  throw badRequest(u.zipNoIndex);
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
