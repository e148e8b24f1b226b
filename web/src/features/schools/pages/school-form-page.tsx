// School form: create at /schoolform, edit at /schoolformedit/:id. Placeholder until the feature lands.
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

export default function SchoolFormPage() {
  const { id } = useParams();
  return <PageHeader title={id ? 'Modifier l’école' : 'Ajouter une école'} />;
}
