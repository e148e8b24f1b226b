// Admin activity preview (SPEC §2 /activity-preview/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function ActivityPreviewPage() {
  return <PageHeader title="Aperçu de l’activité" />;
}
