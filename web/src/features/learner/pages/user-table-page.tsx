// Learning table of a group (SPEC §2 /usertable/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function UserTablePage() {
  return <PageHeader title="Tableau d’apprentissage" />;
}
