// /teachers/import: the teachers' bulk import (issue 21).
import { ImportScreen } from '../components/import-screen';

export default function TeachersImportPage() {
  return <ImportScreen kind="teachers" />;
}
