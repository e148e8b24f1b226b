// The bulk import, for schools and teachers alike. A file is read row by row, in batches
// of IMPORT_BATCH: each row is checked, matched against the database and given its action (create,
// update, unchanged) or its errors, so the server's memory does not grow with the file (only the
// keys seen, to catch a repeated UAI or email). The preview streams every row, each shown by its
// first characters. The import checks the whole file first (nothing is written while a row has an
// error, or while a row it would update was changed since the preview), then reads it again under a
// lock every instance agrees on and writes it batch by batch, each batch matched and written in a
// transaction of its own: other requests wait for one batch at most, never for the whole file. A
// batch that finds a row changed meanwhile stops the import there, the batches before it written.
// Run twice, the same file changes nothing the second time (and finishes a stopped import).
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { importMessages as m } from '../../../common/messages/imports.js';
import {
  type CommitEvent,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_CELL_CHARS,
  type ImportCounts,
  type ImportResult,
  type PreviewEvent,
} from '../../../common/schemas/imports.js';
import type { GarSubscriptionsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { withDatabaseLock } from '../../db/database-lock.js';
import { badRequest, conflict } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { IMPORT_BATCH } from './import.repository.js';
import { mapColumns, RowReader } from './import-fields.js';
import type { AnalysedRow, AnyImportDefinition, WriteContext } from './import-kind.js';
import type { SheetRow } from './sheet-row.js';

type Analysed = AnalysedRow<unknown, unknown>;

type ReadRow = Omit<Analysed, 'existing' | 'action' | 'changed'>;

/** What the preview sends of a cell: its first characters. */
const shown = (cell: string | undefined) => {
  const value = (cell ?? '').trim();
  return value.length > IMPORT_PREVIEW_CELL_CHARS ? `${value.slice(0, IMPORT_PREVIEW_CELL_CHARS)}…` : value;
};

/** Reads and checks the rows, a batch at a time (unmatched). Throws (400) when the file itself is
 * unusable: no header, missing or unknown columns, no data row, too many rows. */
async function* readBatches(
  db: Db,
  definition: AnyImportDefinition,
  sheet: AsyncIterable<SheetRow>,
  onProgress: (fraction: number) => void,
): AsyncGenerator<ReadRow[]> {
  const context = await definition.load(db);
  let positions: Record<string, number> | undefined;
  const seen = new Map<string, number>();
  let rows = 0;
  let batch: ReadRow[] = [];
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
    const values = definition.previewColumns.map((column) => shown(cells[positions![column]!]));
    batch.push({ line, row, errors: reader.errors, values });
    if (batch.length === IMPORT_BATCH) {
      onProgress(progress);
      yield batch;
      batch = [];
    }
  }
  if (!positions) throw badRequest(m.empty);
  if (rows === 0) throw badRequest(m.noRowsInFile);
  if (batch.length > 0) yield batch;
  onProgress(1);
}

/** The batch's rows with the records they match and what they would do to them. */
async function match(db: Db, definition: AnyImportDefinition, pending: ReadRow[]): Promise<Analysed[]> {
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
}

/** Reads, checks and matches the rows, a batch at a time. */
async function* analyse(
  db: Db,
  definition: AnyImportDefinition,
  sheet: AsyncIterable<SheetRow>,
  onProgress: (fraction: number) => void,
): AsyncGenerator<Analysed[]> {
  for await (const batch of readBatches(db, definition, sheet, onProgress))
    yield await match(db, definition, batch);
}

/** The rows the import would update whose record changed after `since`: it would undo that change. */
function changedSince(definition: AnyImportDefinition, rows: Analysed[], since: string) {
  return rows
    .filter((row) => row.action === 'update' && definition.changedAt(row.existing) > since)
    .map((row) => ({ line: row.line, key: definition.key(row.row) as string }));
}

/** A refusal (4xx) says why; anything else is the generic failure. */
const refusal = (error: unknown, fallback: string) =>
  error instanceof Error &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode < 500
    ? error.message
    : fallback;

const emptyCounts = (): ImportCounts => ({ rows: 0, create: 0, update: 0, unchanged: 0, errors: 0 });

function count(counts: ImportCounts, row: Analysed): void {
  counts.rows += 1;
  if (row.action === null) counts.errors += 1;
  else counts[row.action] += 1;
}

type Sheet = () => AsyncIterable<SheetRow>;

/** Every row with its action or errors, then the counts and when the preview began (`since`, which
 * the import is given back). The first batch is read before anything is sent, so that an unusable
 * file still gets a plain 400; a refusal found further on (too many rows) ends the stream with it. */
export async function previewImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
): Promise<AsyncGenerator<PreviewEvent>> {
  const since = new Date().toISOString();
  const progress = { fraction: 0 };
  const batches = analyse(db, definition, sheet(), (fraction) => {
    progress.fraction = fraction;
  });
  const first = await batches.next();
  async function* events(): AsyncGenerator<PreviewEvent> {
    const counts = emptyCounts();
    let result = first;
    try {
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
    } catch (error) {
      yield { type: 'failed', message: refusal(error, m.previewFailed) };
      return;
    }
    yield { type: 'summary', ...counts, since };
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
  /** When the preview the admin confirmed began; rows changed since are not overwritten. */
  since: string | undefined;
};

/** Checks the whole file; writes nothing unless every row is valid and none it would update changed
 * since the preview (or since now, without one). Then the write, streamed as progress lines and the
 * links of the new accounts, then the result. */
export async function commitImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
  options: CommitOptions,
): Promise<AsyncGenerator<CommitEvent>> {
  const since = options.since ?? new Date().toISOString();
  const counts = emptyCounts();
  const changed: { line: number; key: string }[] = [];
  for await (const batch of analyse(db, definition, sheet(), () => undefined)) {
    for (const row of batch) count(counts, row);
    changed.push(...changedSince(definition, batch, since));
  }
  if (counts.errors > 0) throw badRequest(m.refused(counts.errors));
  if (changed.length > 0) throw conflict(m.changedSincePreview(changed));
  return writeImport(db, definition, sheet, { ...options, since }, counts);
}

async function* writeImport(
  db: Db,
  definition: AnyImportDefinition,
  sheet: Sheet,
  options: CommitOptions & { since: string },
  checked: ImportCounts,
): AsyncGenerator<CommitEvent> {
  // The links of each batch go to a file once the batch is committed, and are sent at the end.
  const linksPath = options.tempPath('.ndjson');
  const links = createWriteStream(linksPath, { flags: 'wx' });
  let linksFailed: unknown;
  links.on('error', (error) => {
    linksFailed = error;
  });
  const saveLinks = async (batch: object[]) => {
    if (linksFailed) throw linksFailed;
    for (const link of batch) {
      if (!links.write(`${JSON.stringify({ type: 'link', ...link })}\n`)) {
        await new Promise<void>((resolve) => links.once('drain', () => resolve()));
      }
    }
  };
  const progress: CommitEvent[] = [];
  let wake: (() => void) | null = null;
  const announce = (event: CommitEvent) => {
    progress.push(event);
    wake?.();
  };
  const counts = emptyCounts();
  const written = withDatabaseLock(db, 'ardoise:import', async () => {
    let stopped: unknown;
    try {
      for await (const batch of readBatches(db, definition, sheet(), () => undefined)) {
        const created: object[] = [];
        const context: WriteContext = {
          now: new Date(),
          subscriptions: options.subscriptions,
          publicUrl: options.publicUrl,
          mailer: options.mailer,
          onLinks: async (batchLinks) => {
            created.push(...batchLinks);
          },
        };
        const batchCounts = await db.transaction().execute(async (trx) => {
          const rows = await match(trx, definition, batch);
          const batchCounts = emptyCounts();
          for (const row of rows) count(batchCounts, row);
          // The database may have changed since the check: the import stops rather than skip a row.
          if (batchCounts.errors > 0) throw badRequest(m.refused(batchCounts.errors));
          const changed = changedSince(definition, rows, options.since);
          if (changed.length > 0) throw conflict(m.changedSincePreview(changed));
          await definition.write(trx, rows, context);
          return batchCounts;
        });
        await saveLinks(created);
        for (const key of ['rows', 'create', 'update', 'unchanged'] as const) counts[key] += batchCounts[key];
        announce({ type: 'progress', fraction: counts.rows / checked.rows });
      }
    } catch (error) {
      stopped = error;
    }
    if (counts.rows > 0 || !stopped) {
      await recordAudit(db, {
        actorId: options.actorId,
        action: `${definition.entity}.import`,
        entity: definition.entity,
        entityId: null,
        details: {
          file: options.filename,
          created: counts.create,
          updated: counts.update,
          unchanged: counts.unchanged,
          ...(stopped ? { stopped: true } : {}),
        },
      });
    }
    if (stopped) throw stopped;
  });
  let outcome: { done: true } | { error: unknown } | undefined;
  written.then(
    () => {
      outcome = { done: true };
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
    if (counts.create > 0) options.mailer?.wake();
    for await (const line of createInterface({ input: createReadStream(linksPath) })) {
      if (line) yield JSON.parse(line) as CommitEvent;
    }
    if ('error' in outcome) {
      const message =
        counts.rows === 0
          ? refusal(outcome.error, m.failed)
          : m.stopped(counts.rows, refusal(outcome.error, m.interrupted));
      yield { type: 'failed', message };
      return;
    }
    const result: ImportResult = {
      created: counts.create,
      updated: counts.update,
      unchanged: counts.unchanged,
      emailed: options.mailer !== null && definition.entity === 'teacher' && counts.create > 0,
    };
    yield { type: 'done', ...result };
  } finally {
    // A client gone mid-way: the import still ends before its file goes.
    await written.catch(() => undefined);
    links.destroy();
    await fs.rm(linksPath, { force: true });
  }
}
