// Sessions and PDFs of a lesson (SPEC §2 /lesson/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function LessonPage() {
  return <PageHeader title="Leçon" />;
}
