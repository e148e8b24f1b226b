// Admin dashboard (SPEC §2): KPI cards. Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Aperçu des statistiques de votre plateforme" />;
}
