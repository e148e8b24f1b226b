// Admin preview of an activity (docs/product.md#screens-and-routes /activity-preview/{id}): the package runs in the preview
// player on the package's own origin (its SCORM or H5P runtime, recording nothing; never on the
// app's origin nor another package's) from the start page recognised at upload, once the server
// gave its folder (with a pass in the path) and a probe of that page answered; what the package
// was recognised as shows below the frame.

import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { useActivityPackage } from '../api/get-activity-package';
import { usePreviewFolder } from '../api/get-preview-folder';
import { PackageStrip } from '../components/package-strip';
import { PreviewFrame } from '../components/preview-frame';
import { ACTIVITY_PREVIEW_SANDBOX } from '../lib/sandbox';
import { useIdParam } from '../lib/use-id-param';
import { usePreviewProbe } from '../lib/use-preview-probe';

/** The pass is in the URL: no cookie goes to the package's origin. */
const PROBE_INIT: RequestInit = { credentials: 'omit' };

/** The launch path as a URL path: each segment encoded, the query string and fragment kept. */
function launchUrlPath(launch: string): string {
  const cut = launch.search(/[?#]/);
  const path = cut < 0 ? launch : launch.slice(0, cut);
  return path.split('/').map(encodeURIComponent).join('/') + (cut < 0 ? '' : launch.slice(cut));
}

export default function ActivityPreviewPage() {
  const id = useIdParam();
  const pkg = useActivityPackage(id);
  // When the package cannot be read (unknown id), the folder's request tells the status and URL.
  const launch = pkg.isSuccess ? pkg.data.launch : pkg.isError ? 'index.html' : null;
  const kind = pkg.data?.kind ?? 'html5';
  const preview = usePreviewFolder(id);
  const folder = preview.data ?? null;
  const probeUrl = folder && launch !== null ? `${folder}${launchUrlPath(launch)}` : null;
  const probe = usePreviewProbe(probeUrl, PROBE_INIT);
  const status = preview.isError || id === null ? 'error' : probeUrl === null ? 'pending' : probe.status;

  return (
    <div className="flex h-full flex-col gap-4">
      <PreviewFrame
        fallbackTitle={m.activityPreviewTitle}
        frameTitle={m.activityFrameTitle}
        src={folder}
        kind={kind}
        launch={launch ?? 'index.html'}
        status={status}
        error={preview.error ?? probe.error ?? m.invalidId}
        sandbox={ACTIVITY_PREVIEW_SANDBOX}
        trail={pkg.data?.trail}
      />
      {pkg.data?.package && <PackageStrip summary={pkg.data.package} />}
    </div>
  );
}
