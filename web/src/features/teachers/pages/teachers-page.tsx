// Teacher list (SPEC §2 /teachers). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function TeachersPage() {
  return <PageHeader title="Gestion des enseignants" />;
}
