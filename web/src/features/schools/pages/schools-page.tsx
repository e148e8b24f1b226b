// School list (SPEC §2 /schools). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function SchoolsPage() {
  return <PageHeader title="Gestion des écoles" />;
}
