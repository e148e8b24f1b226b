// The bulk import, for schools and teachers alike. A file is read row by row, in batches
// of IMPORT_BATCH: each row is checked, matched against the database and given its action (create,
// update, unchanged) or its errors, so the server's memory does not grow with the file (only the
// keys seen, to catch a repeated UAI or email). The preview streams every row; the import checks the
// whole file first (nothing is written while a row has an error), then reads it again inside one
// transaction, under a lock every instance agrees on, and writes it batch by batch: all or nothing.
// Run twice, the same file changes nothing the second time.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { importMessages as m } from '../../../common/messages/imports.js';
import {
  type CommitEvent,
  IMPORT_MAX_ROWS,
  type ImportCounts,
  type ImportResult,
  type PreviewEvent,
} from '../../../common/schemas/imports.js';
import type { GarSubscriptionsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { withDatabaseLock } from '../../db/database-lock.js';
import { badRequest } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { IMPORT_BATCH } from './import.repository.js';
import { mapColumns, RowReader } from './import-fields.js';
import type { AnalysedRow, AnyImportDefinition, WriteContext } from './import-kind.js';
import type { SheetRow } from './sheet-reader.js';

type Analysed = AnalysedRow<unknown, unknown>;

/** Reads, checks and matches the rows, a batch at a time. Throws (400) when the file itself is
 * unusable: no header, missing or unknown columns, no data row, too many rows. */
async function* analyse(
  db: Db,
  definition: AnyImportDefinition,
  sheet: AsyncIterable<SheetRow>,
  onProgress: (fraction: number) => void,
): AsyncGenerator<Analysed[]> {
  const context = await definition.load(db);
  let positions: Record<string, number> | undefined;
  const seen = new Map<string, number>();
  let rows = 0;
  let batch: Omit<Analysed, 'existing' | 'action' | 'changed'>[] = [];

  const match = async (pending: typeof batch): Promise<Analysed[]> => {
    const keys = pending.filter((item) => item.errors.length === 0).map((item) => definition.key(item.row));
    const existing = keys.length === 0 ? new Map() : await definition.findExisting(db, keys);
    return pending.map((item): Analysed => {
      if (item.errors.length > 0) return { ...item, existing: undefined, action: null, changed: [] };
      const found = existing.get(definition.key(item.row));
      if (found === undefined) return { ...item, existing: undefined, action: 'create', changed: [] };
      const comparison = definition.compare(item.row, found);
      if ('error' in comparison)
        return { ...item, errors: [comparison.error], existing: found, action: null, changed: [] };
      const { changed } = comparison;
      return { ...item, existing: found, action: changed.length > 0 ? 'update' : 'unchanged', changed };
    });
  };

  for await (const { line, cells, progress } of sheet) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!positions) {
      positions = mapColumns(cells, definition.columns);
      continue;
    }
    rows += 1;
    if (rows > IMPORT_MAX_ROWS) throw badRequest(m.tooManyRows(IMPORT_MAX_ROWS));
    const reader = new RowReader(cells, positions);
    const row = definition.read(reader, context);
    const key = definition.key(row);
    const firstLine = key === '' ? undefined : seen.get(key);
    if (firstLine !== undefined) reader.errors.push(m.duplicateInFile(definition.keyColumn, firstLine));
    else if (key !== '') seen.set(key, line);
    const values = definition.previewColumns.map((column) => (cells[positions![column]!] ?? '').trim());
    batch.push({ line, row, errors: reader.errors, values });
    if (batch.length === IMPORT_BATCH) {
      onProgress(progress);
      yield await match(batch);
      batch = [];
    }
  }
  if (!positions) throw badRequest(m.empty);
  if (rows === 0) throw badRequest(m.noRowsInFile);
  if (batch.length > 0) yield await match(batch);
  onProgress(1);
}

const emptyCounts = (): ImportCounts => ({ rows: 0, create: 0, update: 0, unchanged: 0, errors: 0 });

function count(counts: ImportCounts, row: Analysed): void {
  counts.rows += 1;
  if (row.action === null) counts.errors += 1;
  else counts[row.action] += 1;
}

type Sheet = () => AsyncIterable<SheetRow>;

/** Every row with its action or errors, then the counts. The first batch is read before anything
 * is sent, so that an unusable file still gets a plain 400. */
export async function previewImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
): Promise<AsyncGenerator<PreviewEvent>> {
  const progress = { fraction: 0 };
  const batches = analyse(db, definition, sheet(), (fraction) => {
    progress.fraction = fraction;
  });
  const first = await batches.next();
  async function* events(): AsyncGenerator<PreviewEvent> {
    const counts = emptyCounts();
    let result = first;
    while (!result.done) {
      for (const row of result.value) {
        count(counts, row);
        yield {
          type: 'row',
          line: row.line,
          action: row.action,
          changed: row.changed,
          values: row.values,
          errors: row.errors,
        };
      }
      yield { type: 'progress', fraction: progress.fraction };
      result = await batches.next();
    }
    yield { type: 'summary', ...counts };
  }
  return events();
}

export type CommitOptions = {
  actorId: number;
  subscriptions: GarSubscriptionsConfig | undefined;
  filename: string;
  publicUrl: string;
  mailer: Mailer | null;
  tempPath: (ext: string) => string;
};

/** Checks the whole file; writes nothing unless every row is valid. Then the write, streamed as
 * progress lines and, once committed, the new accounts' links and the result. */
export async function commitImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
  options: CommitOptions,
): Promise<AsyncGenerator<CommitEvent>> {
  const counts = emptyCounts();
  for await (const batch of analyse(db, definition, sheet(), () => undefined)) {
    for (const row of batch) count(counts, row);
  }
  if (counts.errors > 0) throw badRequest(m.refused(counts.errors));
  return writeImport(db, definition, sheet, options, counts);
}

async function* writeImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
  options: CommitOptions,
  checked: ImportCounts,
): AsyncGenerator<CommitEvent> {
  // The links are kept in a file until the commit: a rolled-back import has handed out none.
  const linksPath = options.tempPath('.ndjson');
  const links = createWriteStream(linksPath, { flags: 'wx' });
  let linksFailed: unknown;
  links.on('error', (error) => {
    linksFailed = error;
  });
  const progress: CommitEvent[] = [];
  let wake: (() => void) | null = null;
  const announce = (event: CommitEvent) => {
    progress.push(event);
    wake?.();
  };
  const context: WriteContext = {
    now: new Date(),
    subscriptions: options.subscriptions,
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    onLinks: async (batch) => {
      if (linksFailed) throw linksFailed;
      for (const link of batch) {
        if (!links.write(`${JSON.stringify({ type: 'link', ...link })}\n`)) {
          await new Promise<void>((resolve) => links.once('drain', () => resolve()));
        }
      }
    },
  };
  const written = withDatabaseLock(db, 'ardoise:import', () =>
    db.transaction().execute(async (trx) => {
      const counts = emptyCounts();
      for await (const batch of analyse(trx, definition, sheet(), () => undefined)) {
        for (const row of batch) count(counts, row);
        // The database may have changed since the check: the import stops rather than skip a row.
        if (counts.errors > 0) throw badRequest(m.refused(counts.errors));
        await definition.write(trx, batch, context);
        announce({ type: 'progress', fraction: counts.rows / checked.rows });
      }
      await recordAudit(trx, {
        actorId: options.actorId,
        action: `${definition.entity}.import`,
        entity: definition.entity,
        entityId: null,
        details: {
          file: options.filename,
          created: counts.create,
          updated: counts.update,
          unchanged: counts.unchanged,
        },
      });
      return counts;
    }),
  );
  let outcome: { counts: ImportCounts } | { error: unknown } | undefined;
  written.then(
    (counts) => {
      outcome = { counts };
      wake?.();
    },
    (error: unknown) => {
      outcome = { error };
      wake?.();
    },
  );
  try {
    while (!outcome || progress.length > 0) {
      if (progress.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      yield* progress.splice(0);
    }
    await new Promise<void>((resolve) => links.end(() => resolve()));
    if ('error' in outcome) {
      yield {
        type: 'failed',
        message:
          outcome.error instanceof Error && 'statusCode' in outcome.error ? outcome.error.message : m.failed,
      };
      return;
    }
    options.mailer?.wake();
    for await (const line of createInterface({ input: createReadStream(linksPath) })) {
      if (line) yield JSON.parse(line) as CommitEvent;
    }
    const { counts } = outcome;
    const result: ImportResult = {
      created: counts.create,
      updated: counts.update,
      unchanged: counts.unchanged,
      emailed: options.mailer !== null && definition.entity === 'teacher' && counts.create > 0,
    };
    yield { type: 'done', ...result };
  } finally {
    // A client gone mid-way: the import still ends (committed or not) before its file goes.
    await written.catch(() => undefined);
    links.destroy();
    await fs.rm(linksPath, { force: true });
  }
}
