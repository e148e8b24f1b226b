// /schools/import: the schools' bulk import.
import { ImportScreen } from '../components/import-screen';

export default function SchoolsImportPage() {
  return <ImportScreen kind="schools" />;
}
