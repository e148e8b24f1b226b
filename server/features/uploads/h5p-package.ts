// Checks an H5P package (.h5p file or H5P content zip): h5p.json, content/content.json, and every
// library it preloads, directly or through a library's own library.json, present as a folder.
import { z } from 'zod';
import { DESCRIPTION_MAX_BYTES, JSON_MAX_DEPTH } from '../../../common/constants.js';
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import { badRequest } from '../../http-error.js';
import { jsonTooDeep } from '../../json-depth.js';
import type { PackageListing } from './package-listing.js';

/** Real packages preload a few dozen libraries; this bounds a hostile dependency graph. */
const MAX_LIBRARIES = 500;

const dependencySchema = z.object({
  machineName: z.string().min(1).max(200),
  majorVersion: z.coerce.number().int(),
  minorVersion: z.coerce.number().int(),
});
type Dependency = z.infer<typeof dependencySchema>;
const dependenciesSchema = z.array(dependencySchema).max(MAX_LIBRARIES).catch([]);
const h5pJsonSchema = z.object({
  mainLibrary: z.string().min(1),
  preloadedDependencies: z.array(dependencySchema).max(MAX_LIBRARIES),
});
const libraryJsonSchema = z.object({ preloadedDependencies: dependenciesSchema.optional() });

/** 'H5P.MultiChoice 1.16', as the H5P editor names a library. */
const libraryName = (lib: Dependency) => `${lib.machineName} ${lib.majorVersion}.${lib.minorVersion}`;

export type H5pDescription = { launch: 'h5p.json'; mainLibrary: string };

export async function readH5pPackage(listing: PackageListing, root: string): Promise<H5pDescription> {
  const h5p = h5pJsonSchema.safeParse(await readJson(listing, `${root}h5p.json`));
  if (!h5p.success) throw badRequest(u.h5pJsonInvalid);
  if (!listing.sizes.has(`${root}content/content.json`)) throw badRequest(u.h5pNoContent);

  const folders = new Set<string>();
  for (const name of listing.sizes.keys()) {
    const rest = name.slice(root.length);
    if (name.startsWith(root) && rest.includes('/')) folders.add(rest.slice(0, rest.indexOf('/')));
  }
  const missing: string[] = [];
  const seen = new Set<string>();
  const queue = [...h5p.data.preloadedDependencies];
  for (let lib = queue.shift(); lib && seen.size < MAX_LIBRARIES; lib = queue.shift()) {
    const name = libraryName(lib);
    if (seen.has(name)) continue;
    seen.add(name);
    // Older exports name a library's folder without its version.
    const folder = [`${lib.machineName}-${lib.majorVersion}.${lib.minorVersion}`, lib.machineName].find((f) =>
      folders.has(f),
    );
    if (!folder) {
      missing.push(name);
      continue;
    }
    const libraryJson = `${root}${folder}/library.json`;
    if (!listing.sizes.has(libraryJson)) continue;
    const library = libraryJsonSchema.safeParse(await readJson(listing, libraryJson));
    if (library.success) queue.push(...(library.data.preloadedDependencies ?? []));
  }
  if (missing.length > 0) throw badRequest(u.h5pMissingLibraries(missing));

  const main = h5p.data.preloadedDependencies.find((lib) => lib.machineName === h5p.data.mainLibrary);
  return { launch: 'h5p.json', mainLibrary: main ? libraryName(main) : h5p.data.mainLibrary };
}

/** The parsed JSON of a file, or undefined when it is too big or not JSON; refused when it nests
 * too deep (checked before parsing: 2 million brackets would cost hundreds of MB to parse). */
async function readJson(listing: PackageListing, name: string): Promise<unknown> {
  const size = listing.sizes.get(name);
  if (size === undefined || size > DESCRIPTION_MAX_BYTES) return undefined;
  const text = (await listing.read(name, DESCRIPTION_MAX_BYTES)).toString('utf8').replace(/^\uFEFF/, '');
  if (jsonTooDeep(text)) {
    throw badRequest(u.descriptionTooDeep(name.slice(name.lastIndexOf('/') + 1), JSON_MAX_DEPTH));
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
