// Upload modal for a PDF (lesson) or an activity zip (session): a name, a file, checks with the
// spec's messages before sending, then a progress bar while the bytes go out.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ZIP_MAX_BYTES } from '../../../../../common/constants.js';
import { curriculumMessages as m, uploadMessages as u } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import type { UploadKind } from '../api/upload-file';

type Props = {
  kind: UploadKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Missing when the page has no valid parent id (the spec's 'Session ID is missing.'). */
  parentId: number | null;
  pending: boolean;
  /** Resolves when stored (the dialog closes); rejects to keep it open. */
  onUpload: (values: {
    title: string;
    file: File;
    onProgress: (fraction: number) => void;
  }) => Promise<unknown>;
};

const texts = {
  pdf: {
    heading: m.uploadPdf,
    description: 'Le document sera proposé aux classes avec cette leçon.',
    nameLabel: m.pdfNameLabel,
    fileLabel: m.pdfFileLabel,
    accept: 'application/pdf,.pdf',
    hint: 'PDF uniquement.',
    nameEmpty: m.pdfNameEmpty,
    fileMissing: m.pdfFileMissing,
    parentMissing: m.lessonIdMissing,
  },
  zip: {
    heading: m.addActivity,
    description: 'Un paquet HTML5 (.zip) avec un index.html à la racine ou dans un seul dossier.',
    nameLabel: m.activityNameLabel,
    fileLabel: m.activityFileLabel,
    accept: '.zip,application/zip,application/x-zip-compressed',
    hint: 'Fichier .zip, 100 Mo au plus.',
    nameEmpty: m.activityNameRequired,
    fileMissing: m.activityFileMissing,
    parentMissing: m.sessionIdMissing,
  },
} as const;

/** The first problem with the form, in the spec's words. */
function problemWith(kind: UploadKind, title: string, file: File | null, parentId: number | null) {
  const t = texts[kind];
  const errors: { title?: string; file?: string; form?: string } = {};
  if (!title.trim()) errors.title = t.nameEmpty;
  if (!file) errors.file = t.fileMissing;
  else if (kind === 'pdf' && file.type !== 'application/pdf') errors.file = u.pdfWrongType;
  else if (kind === 'zip' && !file.name.toLowerCase().endsWith('.zip')) errors.file = m.activityFileNotZip;
  else if (kind === 'zip' && file.size > ZIP_MAX_BYTES) errors.file = u.zipTooLarge;
  if (parentId === null) errors.form = t.parentMissing;
  return errors;
}

export function UploadDialog({ kind, open, onOpenChange, parentId, pending, onUpload }: Props) {
  const t = texts[kind];
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof problemWith>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileInputId = useId();

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setFile(null);
    setErrors({});
    setProgress(null);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemWith(kind, title, file, parentId);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    try {
      await onUpload({ title: title.trim(), file, onProgress: setProgress });
      onOpenChange(false);
    } catch {
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t.heading}</DialogTitle>
            <DialogDescription>{t.description}</DialogDescription>
          </DialogHeader>
          <FormField label={t.nameLabel} error={errors.title} required>
            {(control) => (
              <Input
                {...control}
                autoFocus
                autoComplete="off"
                value={title}
                disabled={pending}
                onChange={(event) => setTitle(event.target.value)}
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
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.form}
            </p>
          )}
          {progress !== null && (
            <div className="grid gap-1.5" aria-live="polite">
              <div className="flex justify-between text-xs text-muted-foreground">
                <span>{progress < 1 ? m.uploading : 'Vérification du fichier...'}</span>
                <span className="tabular-nums">{Math.round(progress * 100)} %</span>
              </div>
              <Progress value={progress} label={m.uploading} />
            </div>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {m.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              {m.add}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
