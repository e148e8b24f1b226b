// What an uploaded activity package was recognised as (docs/decisions.md#files-and-activities): its kind, the page it starts
// from and the warnings worth an admin's reading. Shown after an upload, beside each activity on
// /session/{id} and on /activity-preview/{id}, and handed to the player before a launch.
import { z } from 'zod';
import { SHA256_HEX } from '../sha256.js';
import { PACKAGE_KINDS, type PackageKind } from '../standards/kinds.js';
import { xapiPackageSchema } from './xapi.js';

/** html5: a plain page (index.html or one obvious entry page); scorm12 / scorm2004: launched from
 * imsmanifest.xml with the SCORM runtime; h5p: played by the H5P runtime; cmi5 / tincan: launched
 * from cmi5.xml / tincan.xml with an xAPI endpoint. Each kind's rules: common/standards. */
export const packageKindSchema = z.enum(PACKAGE_KINDS);
export type { PackageKind };

export const packageWarningCodeSchema = z.enum([
  /** The package registers its own service worker (refused on the content origin). */
  'service-worker',
  /** It loads scripts or sends data to other hosts (will not work offline / blocked by the CSP). */
  'external-hosts',
  /** Flash or other plug-in files (no browser plays them). */
  'plugin-files',
  /** Files over 50 MB. */
  'large-files',
  /** A cmi5 course of several AUs: Ardoise plays the first one (examples: the AUs' titles). */
  'several-aus',
]);
export type PackageWarningCode = z.infer<typeof packageWarningCodeSchema>;

export const packageWarningSchema = z.object({
  code: packageWarningCodeSchema,
  /** In an admin's words, from common/messages. */
  message: z.string(),
  /** A few of the files (or hosts) concerned, for the admin to look at. */
  examples: z.array(z.string()).max(10),
});
export type PackageWarning = z.infer<typeof packageWarningSchema>;

export const packageSummarySchema = z.object({
  kind: packageKindSchema,
  /** The start page, relative to the package root (query string kept); 'h5p.json' for H5P. */
  launch: z.string(),
  /** Files once unpacked, and their total size in bytes. */
  files: z.number().int(),
  unpackedBytes: z.number().int(),
  /** H5P: the main library with its version (e.g. 'H5P.MultiChoice 1.16'); SCORM: the
   * manifest's title. Absent for plain HTML5. */
  detail: z.string().optional(),
  /** cmi5 / tincan: the AU (or launch activity) Ardoise plays and its completion rules. */
  xapi: xapiPackageSchema.optional(),
  warnings: z.array(packageWarningSchema),
});
export type PackageSummary = z.infer<typeof packageSummarySchema>;

/** What the player needs to start a package: where its files sit in the zip and what to open. */
export const packageLaunchSchema = z.object({
  /** Content hash of the zip (the offline namespace). */
  hash: z.string().regex(SHA256_HEX),
  kind: packageKindSchema,
  /** The folder of the zip the package lives in: '' or a single top folder ending with '/'. */
  root: z.string(),
  /** The start page, relative to `root` (query string kept). */
  launch: z.string(),
});
export type PackageLaunch = z.infer<typeof packageLaunchSchema>;
