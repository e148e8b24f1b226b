// The bulk import of schools and teachers: the columns of each file (docs/product.md, "Bulk import"),
// and the lines of the NDJSON streams the import calls answer with (one JSON object a line).

export const importKinds = ['schools', 'teachers'] as const;
export type ImportKind = (typeof importKinds)[number];

export const importColumns = {
  schools: [
    'uai',
    'nom',
    'ville',
    'adresse',
    'email',
    'telephone',
    'site',
    'debut_licence',
    'fin_licence',
    'niveaux',
    'remarque',
  ],
  teachers: ['email', 'nom', 'prenom', 'telephone', 'uai', 'niveaux', 'remarque', 'quota'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Columns a file may leave out (a file made from the first model stays valid): `quota`, how many
 * groups a teacher may create; left out or empty, a new teacher gets their school's default and a
 * known one keeps theirs. */
export const optionalImportColumns: readonly string[] = ['quota'];

/** Largest accepted file, and most data rows in one file. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Longest cell read: a longer one is an error on its row (every column allows fewer). */
export const IMPORT_MAX_CELL_CHARS = 4_000;
/** Most characters of a cell the preview sends back to show it. */
export const IMPORT_PREVIEW_CELL_CHARS = 100;

/** How a CSV file without a BOM is decoded, as the import form declares it. */
export const importEncodings = ['utf-8', 'windows-1252'] as const;
export type ImportEncoding = (typeof importEncodings)[number];

export type RowAction = 'create' | 'update' | 'unchanged';

/** One data row as the preview shows it: its line in the file (the header is line 1), what the
 * import would do (null when the row has errors), the fields an update changes, a few of its
 * values to recognise it (each cut to IMPORT_PREVIEW_CELL_CHARS), and its errors. */
export type PreviewRow = {
  type: 'row';
  line: number;
  action: RowAction | null;
  changed: string[];
  values: string[];
  errors: string[];
};

export type ImportCounts = {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  errors: number;
};

/** Lines of POST admin/import/{kind}/preview: rows and progress lines, then the counts with when the
 * preview began (`since`, sent back with the import), or why the file was refused part-way. */
export type PreviewEvent =
  | PreviewRow
  | { type: 'progress'; fraction: number }
  | ({ type: 'summary'; since: string } & ImportCounts)
  | { type: 'failed'; message: string };

/** A new teacher's one-time sign-in link. */
export type ImportedLink = { type: 'link'; email: string; url: string; expiresAt: string };

export type ImportResult = { created: number; updated: number; unchanged: number; emailed: boolean };

/** Lines of POST admin/import/{kind}: progress, the new teachers' links, then the result. */
export type CommitEvent =
  | { type: 'progress'; fraction: number }
  | ImportedLink
  | ({ type: 'done' } & ImportResult)
  | { type: 'failed'; message: string };

/** The columns shown to recognise a row in the preview. */
export const previewColumns = {
  schools: ['uai', 'nom', 'ville'],
  teachers: ['email', 'nom', 'prenom', 'uai'],
} as const satisfies Record<ImportKind, readonly string[]>;
