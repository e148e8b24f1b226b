// What the admin preview player page frames, from its own query (common/preview-player.ts): the
// package's start page under /content/{id}/, or the H5P runtime page for H5P. Anything that would
// leave the package's folder is refused.
import type { PreviewTarget } from '@/common/preview-player.js';
import { familyOf, isPackageKind } from '@/common/standards/kinds.js';
import { h5pPackageFolder } from '../runtimes/h5p/h5p-base';

/** The target named by the page's query, or null when it is not a package of /content/. */
export function readPreviewTarget(search: string, origin: string): PreviewTarget | null {
  const query = new URLSearchParams(search);
  const base = h5pPackageFolder(query.get('base'), origin);
  const kind = query.get('kind');
  const launch = query.get('launch');
  if (!base?.startsWith('/content/') || !isPackageKind(kind) || !launch) return null;
  if (launch.startsWith('/') || launch.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(launch)) return null;
  return { base, kind, launch };
}

/** The URL the preview player frames for `target` (same origin, path and query). */
export function framedUrl(target: PreviewTarget, origin: string): string | null {
  if (familyOf(target.kind) === 'h5p') return `/player/h5p/?${new URLSearchParams({ base: target.base })}`;
  const url = new URL(target.launch, new URL(target.base, origin));
  // Dot segments in the start page must not climb out of the package.
  if (url.origin !== origin || !url.pathname.startsWith(target.base)) return null;
  return url.pathname + url.search;
}
