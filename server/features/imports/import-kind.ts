// What each kind of import (schools, teachers) says about its rows: how a row is read and checked,
// what it is matched by, what of a matched record it would change, and how a batch is written.
import type { ImportKind } from '../../../common/schemas/imports.js';
import type { GarSubscriptionsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { RowReader } from './import-fields.js';

/** One data row after reading and matching. `action` is null when the row has errors. */
export type AnalysedRow<Row, Existing> = {
  line: number;
  row: Row;
  errors: string[];
  existing: Existing | undefined;
  action: 'create' | 'update' | 'unchanged' | null;
  /** The columns an update changes. */
  changed: string[];
  /** A few cells to recognise the row in the preview. */
  values: string[];
};

export type WriteContext = {
  now: Date;
  /** Where licence changes are sent as GAR subscriptions (unset: none). */
  subscriptions: GarSubscriptionsConfig | undefined;
  publicUrl: string;
  mailer: Mailer | null;
  /** Receives the sign-in links of accounts the batch created. */
  onLinks: (links: { email: string; url: string; expiresAt: string }[]) => Promise<void>;
};

export type ImportDefinition<Column extends string, Row, Existing, Context> = {
  kind: ImportKind;
  /** Audit entity of the import's summary row. */
  entity: 'school' | 'teacher';
  columns: readonly Column[];
  /** The column a row is matched by (its value is unique in a file). */
  keyColumn: Column;
  previewColumns: readonly Column[];
  /** What rows are checked against, read once per pass (levels; schools by UAI). */
  load(db: Db): Promise<Context>;
  read(cells: RowReader<Column>, context: Context): Row;
  key(row: Row): string;
  findExisting(db: Db, keys: string[]): Promise<Map<string, Existing>>;
  /** When the matched record last changed (its updated_at). */
  changedAt(existing: Existing): string;
  /** The columns the row would change in the matched record, or why it may not touch it. */
  compare(row: Row, existing: Existing): { changed: string[] } | { error: string };
  /** Writes a batch of rows without errors (inside the batch's transaction); an update applies only
   * while the record is as it was matched, and throws (409) otherwise. */
  write(db: Db, rows: AnalysedRow<Row, Existing>[], context: WriteContext): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: a definition's row types are its own business here.
export type AnyImportDefinition = ImportDefinition<string, any, any, any>;
