// Lessons of a period (SPEC §2 /levels/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function LessonsPage() {
  return <PageHeader title="Leçons" />;
}
