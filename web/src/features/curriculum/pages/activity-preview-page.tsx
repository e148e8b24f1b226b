// Admin preview of an activity (SPEC §2 /activity-preview/{id}): the package runs in a frame served
// by the content origin (never the app's), after a probe of its index.html.

import { useClientConfig } from '../api/get-client-config';
import { PreviewFrame } from '../components/preview-frame';
import { ACTIVITY_PREVIEW_SANDBOX } from '../components/sandbox';
import { useIdParam } from '../components/use-id-param';
import { usePreviewProbe } from '../components/use-preview-probe';

const PROBE_INIT: RequestInit = { credentials: 'include' };

export default function ActivityPreviewPage() {
  const id = useIdParam();
  const config = useClientConfig();
  const url = config.data && id !== null ? `${config.data.contentUrl}/content/${id}/index.html` : null;
  const probe = usePreviewProbe(url, PROBE_INIT);
  const status = config.isError ? 'error' : id === null ? 'error' : probe.status;

  return (
    <PreviewFrame
      fallbackTitle="Aperçu de l’activité"
      frameTitle={(title) => `Activité : ${title}`}
      src={url}
      status={status}
      error={config.error ?? probe.error ?? 'Invalid id'}
      sandbox={ACTIVITY_PREVIEW_SANDBOX}
    />
  );
}
