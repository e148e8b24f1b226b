// The import screen of /schools/import and /teachers/import: choose the encoding of a CSV without
// BOM and a .csv or .xlsx file (or download the model); every row is previewed with its action or
// its errors and line, under a progress bar; nothing can be written while a row has an error;
// "Confirmer l'import…" writes it batch by batch (refused if a row changed since the preview: the
// error offers to read the same file again), then the counts and, for teachers, the new sign-in
// links offered once as a CSV.
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, RefreshCw, Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toCsv } from '@/common/csv.js';
import { formatLinkExpiry } from '@/common/messages/account-access.js';
import { importMessages as m } from '@/common/messages/imports.js';
import {
  type CommitEvent,
  type ImportCounts,
  type ImportEncoding,
  type ImportedLink,
  type ImportKind,
  type ImportResult,
  importColumns,
  type PreviewEvent,
  type PreviewRow,
} from '@/common/schemas/imports.js';
import { Alert, AlertDescription, AlertTitle } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import { Card, CardContent, CardHeading } from '@/web/src/components/ui/card';
import { FormPage } from '@/web/src/components/ui/form-page';
import { Label } from '@/web/src/components/ui/label';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Progress } from '@/web/src/components/ui/progress';
import { Select } from '@/web/src/components/ui/select';
import { paths } from '@/web/src/config/paths';
import { downloadFile } from '@/web/src/lib/download-file';
import { uploadNdjson } from '@/web/src/lib/ndjson-upload';
import { notify } from '@/web/src/lib/notify';
import { rootKeys } from '@/web/src/lib/query-keys';
import { PreviewTable } from './preview-table';

const screens = {
  schools: {
    title: m.schoolsTitle,
    subtitle: m.schoolsSubtitle,
    hint: m.schoolsColumnsHint,
    back: { href: paths.schools.getHref(), label: m.backToSchools },
  },
  teachers: {
    title: m.teachersTitle,
    subtitle: m.teachersSubtitle,
    hint: m.teachersColumnsHint,
    back: { href: paths.teachers.getHref(), label: m.backToTeachers },
  },
} as const;

type Phase =
  | { kind: 'idle' }
  | { kind: 'previewing'; label: string; value: number }
  | { kind: 'preview' }
  | { kind: 'writing'; label: string; value: number }
  | { kind: 'done'; result: ImportResult };

export function ImportScreen({ kind }: { kind: ImportKind }) {
  const screen = screens[kind];
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [counts, setCounts] = useState<(ImportCounts & { since: string }) | null>(null);
  const [encoding, setEncoding] = useState<ImportEncoding>('utf-8');
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [links, setLinks] = useState<ImportedLink[]>([]);
  /** A write that did not finish: the preview no longer says what Ardoise holds (part of the file
   * may be written, or a row changed since), so the import waits for « Relancer l'aperçu ». */
  const [writeFailed, setWriteFailed] = useState(false);

  const reset = () => {
    setError(null);
    setRows([]);
    setCounts(null);
    setOnlyErrors(false);
    setLinks([]);
    setWriteFailed(false);
  };

  const previewFile = async (chosen: File, declared: ImportEncoding) => {
    reset();
    setFile(chosen);
    setPhase({ kind: 'previewing', label: m.uploading, value: 0 });
    const received: PreviewRow[] = [];
    let refused: string | null = null;
    try {
      await uploadNdjson<PreviewEvent>(`admin/import/${kind}/preview`, chosen, m.previewFailed, {
        fields: { encodage: declared },
        onUploadProgress: (value) => setPhase({ kind: 'previewing', label: m.uploading, value }),
        onEvent: (event) => {
          if (event.type === 'row') received.push(event);
          else if (event.type === 'progress') {
            setRows([...received]);
            setPhase({ kind: 'previewing', label: m.reading, value: event.fraction });
          } else if (event.type === 'failed') refused = event.message;
          else {
            setRows(received);
            setCounts(event);
            setOnlyErrors(event.errors > 0);
          }
        },
      });
      if (refused !== null) throw new Error(refused);
      setPhase({ kind: 'preview' });
    } catch (failure) {
      setRows([]);
      setError(failure instanceof Error ? failure.message : m.failed);
      setPhase({ kind: 'idle' });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Emptied, so that choosing the same file again reads it again.
    event.target.value = '';
    if (chosen) void previewFile(chosen, encoding);
  };

  const confirm = async () => {
    if (!file || !counts) return;
    setError(null);
    setPhase({ kind: 'writing', label: m.uploading, value: 0 });
    const created: ImportedLink[] = [];
    let result: ImportResult | null = null;
    let failed: string | null = null;
    try {
      await uploadNdjson<CommitEvent>(`admin/import/${kind}`, file, m.failed, {
        fields: { encodage: encoding, apercu: counts.since },
        onUploadProgress: (value) => setPhase({ kind: 'writing', label: m.uploading, value }),
        onEvent: (event) => {
          if (event.type === 'progress')
            setPhase({ kind: 'writing', label: m.writing, value: event.fraction });
          else if (event.type === 'link') created.push(event);
          else if (event.type === 'done') result = event;
          else failed = event.message;
        },
      });
    } catch (failure) {
      failed = failure instanceof Error ? failure.message : m.failed;
    }
    await queryClient.invalidateQueries({ queryKey: rootKeys.admin });
    if (result) {
      setLinks(created);
      setPhase({ kind: 'done', result });
      notify.success(m.doneTitle, m.done(result));
    } else {
      setError(failed ?? m.failed);
      setWriteFailed(true);
      setPhase({ kind: 'preview' });
    }
  };

  const downloadLinks = () => {
    const csv = toCsv(
      m.linksFileHeader,
      links.map((link) => [link.email, link.url, formatLinkExpiry(link.expiresAt)]),
    );
    const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = 'liens-de-connexion.csv';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  const busy = phase.kind === 'previewing' || phase.kind === 'writing';
  const shown = onlyErrors ? rows.filter((row) => row.errors.length > 0) : rows;
  const writable = counts !== null && counts.errors === 0 && counts.create + counts.update > 0;

  return (
    <FormPage backHref={screen.back.href} backLabel={screen.back.label}>
      <PageHeader title={screen.title} subtitle={screen.subtitle} />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeading title={m.fileTitle} description={m.fileHint} />
          <CardContent className="flex flex-col gap-4">
            <div className="text-sm text-slate-700">
              <p>{m.columnsLabel}</p>
              <code
                translate="no"
                className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all text-slate-900"
              >
                {importColumns[kind].join(';')}
              </code>
              <p className="mt-1 text-xs text-muted-foreground">{screen.hint}</p>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="import-encoding">{m.encodingLabel}</Label>
              <Select
                id="import-encoding"
                className="sm:max-w-sm"
                value={encoding}
                onChange={(event) => {
                  const declared = event.target.value as ImportEncoding;
                  setEncoding(declared);
                  // The file chosen is read again as declared: the import writes what was previewed.
                  if (file) void previewFile(file, declared);
                }}
                disabled={busy}
                aria-describedby="import-encoding-hint"
              >
                <option value="utf-8">{m.encodingUtf8}</option>
                <option value="windows-1252">{m.encodingWindows1252}</option>
              </Select>
              <p id="import-encoding-hint" className="text-xs text-muted-foreground">
                {m.encodingHint}
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <input
                ref={input}
                id="import-file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                aria-label={m.fileLabel}
                onChange={onFile}
                disabled={busy}
              />
              <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
                <FileUp aria-hidden="true" />
                {file && phase.kind !== 'idle' ? m.cancel : m.chooseFile}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  downloadFile(`admin/import/${kind}/template`, `modele-${kind}.csv`).catch(() =>
                    notify.error(m.templateFailed),
                  )
                }
              >
                <Download aria-hidden="true" />
                {m.template}
              </Button>
              {file && <span className="truncate text-sm text-muted-foreground">{file.name}</span>}
            </div>
            {busy && (
              <div className="flex flex-col gap-1.5" data-testid="import-progress">
                <p className="text-sm text-slate-700">
                  {phase.label} {Math.round(phase.value * 100)} %
                </p>
                <Progress value={phase.value} label={m.progressLabel} />
              </div>
            )}
            {error && (
              <Alert variant="destructive" data-testid="import-error">
                <AlertDescription className="flex flex-col items-start gap-3">
                  {error}
                  {/* The same file read again: what changed in Ardoise since shows in the new preview. */}
                  {file && !busy && (
                    <Button type="button" variant="outline" onClick={() => void previewFile(file, encoding)}>
                      <RefreshCw aria-hidden="true" />
                      {m.previewAgain}
                    </Button>
                  )}
                </AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>

        {phase.kind === 'done' ? (
          <Card data-testid="import-done">
            <CardHeading title={m.doneTitle} description={m.done(phase.result)} />
            <CardContent className="flex flex-col gap-4">
              {links.length > 0 && (
                <Alert>
                  <AlertTitle>{m.linksTitle}</AlertTitle>
                  <AlertDescription className="flex flex-col items-start gap-3">
                    {m.linksText(links.length, phase.result.emailed)}
                    <Button type="button" variant="outline" onClick={downloadLinks}>
                      <Download aria-hidden="true" />
                      {m.linksDownload}
                    </Button>
                  </AlertDescription>
                </Alert>
              )}
              <div>
                <Button asChild>
                  <Link to={screen.back.href}>{m.backToList}</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : (
          counts && (
            <section className="flex flex-col gap-4" aria-labelledby="import-preview-title">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                <div>
                  <h2 id="import-preview-title" className="text-base font-semibold">
                    {m.previewTitle}
                  </h2>
                  <p className="text-sm text-slate-700" data-testid="import-counts">
                    {m.counts(counts)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant={onlyErrors ? 'outline' : 'default'}
                    onClick={() => setOnlyErrors(false)}
                    aria-pressed={!onlyErrors}
                  >
                    {m.filterAll}
                  </Button>
                  <Button
                    size="sm"
                    variant={onlyErrors ? 'default' : 'outline'}
                    onClick={() => setOnlyErrors(true)}
                    aria-pressed={onlyErrors}
                  >
                    {m.filterErrors}
                  </Button>
                </div>
              </div>
              {counts.errors > 0 ? (
                <Alert variant="destructive" data-testid="import-blocked">
                  <AlertDescription>{m.blocked(counts.errors)}</AlertDescription>
                </Alert>
              ) : (
                counts.create + counts.update === 0 && (
                  <Alert>
                    <AlertDescription>{m.nothingToWrite}</AlertDescription>
                  </Alert>
                )
              )}
              <div>
                <Button
                  type="button"
                  // The counts make a long name: it wraps on a phone rather than running off the screen.
                  className="h-auto min-h-10 whitespace-normal text-left"
                  onClick={() => void confirm()}
                  disabled={!writable || busy || writeFailed}
                  loading={phase.kind === 'writing'}
                >
                  <Upload aria-hidden="true" />
                  {m.confirm(counts.create, counts.update)}
                </Button>
              </div>
              <PreviewTable rows={shown} />
            </section>
          )
        )}
      </div>
    </FormPage>
  );
}
