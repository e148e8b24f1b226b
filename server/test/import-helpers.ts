// The admin import tests' requests and rows: a file posted as the import form sends it, the NDJSON
// lines of an answer, and a schools row from the values that matter to a test.
import { importColumns } from '../../common/schemas/imports.js';
import { multipart, type Part, UPLOAD_BOUNDARY } from './upload-helpers.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file's name and type (a CSV file by default), and the form's other fields before it. */
export type ImportUpload = { filename?: string; contentType?: string; fields?: Record<string, string> };

export const XLSX_UPLOAD = { filename: 'ecoles.xlsx', contentType: XLSX_TYPE } as const;

export function importRequest(url: string, data: Buffer, upload: ImportUpload = {}) {
  const fields: Part[] = Object.entries(upload.fields ?? {}).map(([name, value]) => ({ name, value }));
  const file: Part = {
    name: 'file',
    filename: upload.filename ?? 'fichier.csv',
    contentType: upload.contentType ?? 'text/csv',
    data,
  };
  return {
    method: 'POST' as const,
    url,
    payload: multipart([...fields, file]),
    headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
  };
}

/** The NDJSON lines of a whole answer. */
export const ndjsonLines = <T>(body: string): T[] =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);

const SCHOOLS = importColumns.schools;

/** A schools row in file order, from the values that matter to a test. */
export const school = (values: Partial<Record<(typeof SCHOOLS)[number], string>>): string[] =>
  SCHOOLS.map(
    (column) =>
      ({
        uai: '',
        nom: 'École',
        ville: 'Lyon',
        adresse: '',
        email: '',
        telephone: '0102030405',
        site: '',
        debut_licence: '01/09/2026',
        fin_licence: '31/08/2027',
        niveaux: '',
        remarque: '',
        ...values,
      })[column],
  );
