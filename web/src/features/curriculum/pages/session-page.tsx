// Activities of a session (SPEC §2 /session/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function SessionPage() {
  return <PageHeader title="Session" />;
}
