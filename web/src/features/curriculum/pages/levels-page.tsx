// Educational levels (SPEC §2 /levels). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function LevelsPage() {
  return <PageHeader title="Niveaux éducatifs" />;
}
