// /schools/import: the schools' bulk import (issue 21).
import { ImportScreen } from '../components/import-screen';

export default function SchoolsImportPage() {
  return <ImportScreen kind="schools" />;
}
