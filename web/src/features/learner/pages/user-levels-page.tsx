// Level picker of the teacher area (SPEC §2 /user). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function UserLevelsPage() {
  return <PageHeader title="Choisissez votre niveau" />;
}
