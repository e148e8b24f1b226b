// Admin PDF preview (SPEC §2 /pdf-preview/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function PdfPreviewPage() {
  return <PageHeader title="Aperçu du PDF" />;
}
