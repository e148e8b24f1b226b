// Admin own profile and two-factor setup (SPEC §2 /options). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function OptionsPage() {
  return <PageHeader title="Options" />;
}
