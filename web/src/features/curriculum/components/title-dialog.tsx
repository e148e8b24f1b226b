// The one-field modal used to add or rename any curriculum item: the title is checked with the
// shared schema (the spec's "… cannot be empty" messages) before anything is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import type { TitleInput } from '../../../../../common/schemas/curriculum.js';
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

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  heading: string;
  description?: string;
  label: string;
  submitLabel: string;
  schema: z.ZodType<TitleInput, TitleInput>;
  initialTitle?: string;
  pending: boolean;
  /** Resolves when saved (the dialog closes), rejects to keep it open. */
  onSubmit: (title: string) => Promise<unknown>;
};

export function TitleDialog({
  open,
  onOpenChange,
  heading,
  description,
  label,
  submitLabel,
  schema,
  initialTitle = '',
  pending,
  onSubmit,
}: Props) {
  const form = useForm<TitleInput>({ resolver: zodResolver(schema), defaultValues: { title: initialTitle } });

  useEffect(() => {
    if (open) form.reset({ title: initialTitle });
  }, [open, initialTitle, form]);

  const submit = form.handleSubmit(async ({ title }) => {
    try {
      await onSubmit(title);
      onOpenChange(false);
    } catch {
      // the caller has told the user; the dialog stays open with what they typed
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{heading}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          <FormField label={label} error={form.formState.errors.title?.message} required>
            {(control) => <Input {...control} autoFocus autoComplete="off" {...form.register('title')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {m.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
