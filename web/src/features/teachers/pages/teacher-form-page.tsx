// Teacher form: create at /teachersform, edit at /teacherformedit/:id. Placeholder until the feature lands.
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

export default function TeacherFormPage() {
  const { id } = useParams();
  return <PageHeader title={id ? 'Modifier l’enseignant' : 'Ajouter un enseignant'} />;
}
