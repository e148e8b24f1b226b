// The admin preview player's address (/player/preview/ on the content origin), built by the app's
// /activity-preview/{id} page and read by the player page: the package folder, its kind and its
// start page. One place for the query's names.
import type { PackageKind } from './schemas/activity-package.js';

export const PREVIEW_PLAYER_PATH = '/player/preview/';

export type PreviewTarget = {
  /** The package folder as the content origin serves it: /content/{activityId}/. */
  base: string;
  kind: PackageKind;
  /** The start page, relative to `base` (query string kept); 'h5p.json' for H5P. */
  launch: string;
};

/** The preview player's URL on `contentOrigin` for a package. */
export function previewPlayerUrl(contentOrigin: string, target: PreviewTarget): string {
  const query = new URLSearchParams({ base: target.base, kind: target.kind, launch: target.launch });
  return `${contentOrigin}${PREVIEW_PLAYER_PATH}?${query}`;
}
