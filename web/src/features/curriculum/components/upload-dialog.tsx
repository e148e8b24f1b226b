// Upload modal for a PDF (lesson) or an activity package (session): a name, a file, checks with the
// spec's messages before sending (each cleared as soon as its field is right), a progress bar while
// the bytes go out, then what the package was recognised as. An activity's name defaults to the
// package's own title. A refusal keeps the form filled and shows the server's message.
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ZIP_MAX_BYTES } from '@/common/constants.js';
import { curriculumMessages as m, uploadMessages as u } from '@/common/messages/curriculum.js';
import type { PackageSummary } from '@/common/schemas/activity-package.js';
import type { UploadKind } from '@/common/schemas/curriculum.js';
import { Alert, AlertDescription, AlertTitle } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/web/src/components/ui/dialog';
import { DialogFrame } from '@/web/src/components/ui/dialog-frame';
import { FormField } from '@/web/src/components/ui/form-field';
import { Input } from '@/web/src/components/ui/input';
import { Progress } from '@/web/src/components/ui/progress';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { readPackageTitle } from '../lib/package-title';
import { DialogForm } from './dialog-form';
import { PackageSummaryView } from './package-summary';

type Props = {
  kind: UploadKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Missing when the page has no valid parent id (the spec's 'Session ID is missing.'). */
  parentId: number | null;
  pending: boolean;
  /** Resolves when stored: with the package's summary (shown before closing) or nothing (the
   * dialog closes); rejects to keep the form open with the server's message. */
  onUpload: (values: {
    title: string;
    file: File;
    onProgress: (fraction: number) => void;
  }) => Promise<PackageSummary | undefined>;
};

export const uploadTexts = {
  pdf: {
    heading: m.uploadPdf,
    description: m.pdfUploadDescription,
    nameLabel: m.pdfNameLabel,
    fileLabel: m.pdfFileLabel,
    accept: 'application/pdf,.pdf',
    hint: m.pdfUploadHint,
    nameEmpty: m.pdfNameEmpty,
    fileMissing: m.pdfFileMissing,
    parentMissing: m.lessonIdMissing,
  },
  zip: {
    heading: m.addActivity,
    description: m.activityUploadDescription,
    nameLabel: m.activityNameLabel,
    fileLabel: m.activityFileLabel,
    accept: '.zip,.h5p,application/zip,application/x-zip-compressed',
    hint: m.activityUploadHint,
    nameEmpty: m.activityNameRequired,
    fileMissing: m.activityFileMissing,
    parentMissing: m.sessionIdMissing,
  },
} as const;

type Errors = { title?: string; file?: string; form?: string };

/** What is wrong with the file, in the spec's words (and ours beside them), or undefined. */
function fileProblem(kind: UploadKind, file: File | null): string | undefined {
  if (!file) return uploadTexts[kind].fileMissing;
  if (kind === 'pdf' && file.type !== 'application/pdf') return u.pdfWrongType;
  if (kind === 'zip' && !/\.(zip|h5p)$/i.test(file.name))
    return `${m.activityFileNotZip} ${m.activityH5pToo}`;
  if (kind === 'zip' && file.size > ZIP_MAX_BYTES) return u.zipTooLarge;
  return undefined;
}

/** Every problem with the form, in the spec's words. */
function problemWith(kind: UploadKind, title: string, file: File | null, parentId: number | null): Errors {
  const errors: Errors = {};
  if (!title.trim()) errors.title = uploadTexts[kind].nameEmpty;
  const fileError = fileProblem(kind, file);
  if (fileError) errors.file = fileError;
  if (parentId === null) errors.form = uploadTexts[kind].parentMissing;
  return errors;
}

export function UploadDialog({ kind, open, onOpenChange, parentId, pending, onUpload }: Props) {
  const t = uploadTexts[kind];
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  /** The name the package gave, while the admin has not typed another. */
  const [packageTitle, setPackageTitle] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recognised, setRecognised] = useState<PackageSummary | null>(null);
  const fileInputId = useId();

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setFile(null);
    setPackageTitle(null);
    setErrors({});
    setProgress(null);
    setRefusal(null);
    setRecognised(null);
  }, [open]);

  const changeTitle = (value: string) => {
    setTitle(value);
    setPackageTitle(null);
    if (errors.title && value.trim()) setErrors(({ title: _fixed, ...rest }) => rest);
  };

  const changeFile = async (picked: File | null) => {
    setFile(picked);
    // Once a file is picked, its error shows what is still wrong with it, or goes.
    if (errors.file) {
      const problem = fileProblem(kind, picked);
      setErrors(({ file: _old, ...rest }) => (problem ? { ...rest, file: problem } : rest));
    }
    // The package's own title fills an empty name (or replaces the previous package's).
    if (kind !== 'zip' || !picked || (title.trim() && packageTitle === null)) return;
    const found = await readPackageTitle(picked);
    if (!found) return;
    setTitle((current) => (current.trim() && current !== packageTitle ? current : found));
    setPackageTitle(found);
    setErrors(({ title: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemWith(kind, title, file, parentId);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    setRefusal(null);
    try {
      const summary = await onUpload({ title: title.trim(), file, onProgress: setProgress });
      if (summary) setRecognised(summary);
      else onOpenChange(false);
    } catch (error) {
      setProgress(null);
      setRefusal(getErrorMessage(error, m.activityAddFailed));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className={recognised ? 'max-w-lg' : 'max-w-md'}>
        {recognised ? (
          <RecognisedPackage title={title.trim()} summary={recognised} />
        ) : (
          <DialogForm
            heading={t.heading}
            description={t.description}
            submitLabel={m.add}
            pending={pending}
            onSubmit={submit}
          >
            <FormField
              label={t.nameLabel}
              error={errors.title}
              hint={packageTitle !== null && title === packageTitle ? m.defaultTitleHint : undefined}
              required
            >
              {(control) => (
                <Input
                  {...control}
                  autoFocus
                  autoComplete="off"
                  value={title}
                  disabled={pending}
                  onChange={(event) => changeTitle(event.target.value)}
                />
              )}
            </FormField>
            <FormField label={t.fileLabel} error={errors.file} hint={t.hint} required id={fileInputId}>
              {(control) => (
                <Input
                  {...control}
                  type="file"
                  accept={t.accept}
                  disabled={pending}
                  className="h-auto cursor-pointer py-2"
                  onChange={(event) => void changeFile(event.target.files?.[0] ?? null)}
                />
              )}
            </FormField>
            {errors.form && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.form}
              </p>
            )}
            {refusal && (
              <Alert variant="destructive" data-testid="upload-refusal">
                <AlertTitle>{kind === 'zip' ? m.packageRefused : m.fileRefused}</AlertTitle>
                <AlertDescription>{refusal}</AlertDescription>
              </Alert>
            )}
            {progress !== null && (
              <div className="grid gap-1.5" aria-live="polite">
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>{progress < 1 ? m.uploading : m.checkingFile}</span>
                  <span className="tabular-nums">{Math.round(progress * 100)} %</span>
                </div>
                <Progress value={progress} label={m.uploading} />
              </div>
            )}
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The step after a stored activity: what was recognised, then close. */
function RecognisedPackage({ title, summary }: { title: string; summary: PackageSummary }) {
  return (
    <div className="grid gap-5">
      <DialogFrame
        icon={<CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />}
        title={m.activityStored}
        description={m.packageRecognised(title)}
        actions={
          <DialogClose asChild>
            <Button autoFocus>{m.finish}</Button>
          </DialogClose>
        }
      >
        <PackageSummaryView summary={summary} />
      </DialogFrame>
    </div>
  );
}
