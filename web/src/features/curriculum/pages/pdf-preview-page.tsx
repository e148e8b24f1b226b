// Admin PDF preview (docs/product.md#screens-and-routes /pdf-preview/{id}): the browser's viewer in a frame, after a probe of
// /content/pdf/{id} (one byte, so the file is not downloaded twice).
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { usePdfDetails } from '../api/get-pdf-details';
import { PreviewFrame } from '../components/preview-frame';
import { useIdParam } from '../lib/use-id-param';
import { usePreviewProbe } from '../lib/use-preview-probe';

const PROBE_INIT: RequestInit = { credentials: 'same-origin', headers: { Range: 'bytes=0-0' } };

export default function PdfPreviewPage() {
  const id = useIdParam();
  const url = id === null ? null : `/content/pdf/${id}`;
  const probe = usePreviewProbe(url, PROBE_INIT);
  const details = usePdfDetails(id);

  return (
    <PreviewFrame
      fallbackTitle={m.pdfPreviewTitle}
      frameTitle={m.pdfFrameTitle}
      src={url}
      status={id === null ? 'error' : probe.status}
      error={probe.error ?? m.invalidId}
      trail={details.data?.trail}
    />
  );
}
