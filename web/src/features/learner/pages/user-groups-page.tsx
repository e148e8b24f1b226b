// Groups of a level (SPEC §2 /usergroups/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function UserGroupsPage() {
  return <PageHeader title="Groupes" />;
}
