// /teachers/import: the teachers' bulk import.
import { ImportScreen } from '../components/import-screen';

export default function TeachersImportPage() {
  return <ImportScreen kind="teachers" />;
}
