// The one-field modal used to add or rename any curriculum item: the title is checked with the
// shared schema (the spec's "… cannot be empty" messages) before anything is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { TitleInput } from '@/common/schemas/curriculum.js';
import { Dialog, DialogContent } from '@/web/src/components/ui/dialog';
import { FormField } from '@/web/src/components/ui/form-field';
import { Input } from '@/web/src/components/ui/input';
import { DialogForm, type DialogFormProps } from './dialog-form';

/** The heading, description, submit label and pending state go to the dialog's form as they are. */
type Props = Omit<DialogFormProps, 'onSubmit' | 'children'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  schema: z.ZodType<TitleInput, TitleInput>;
  initialTitle?: string;
  /** Resolves when saved (the dialog closes), rejects to keep it open. */
  onSubmit: (title: string) => Promise<unknown>;
};

export function TitleDialog({
  open,
  onOpenChange,
  label,
  schema,
  initialTitle = '',
  onSubmit,
  ...dialog
}: Props) {
  const form = useForm<TitleInput>({
    resolver: zodResolver(schema),
    defaultValues: { title: initialTitle },
  });

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
    <Dialog open={open} onOpenChange={(next) => !dialog.pending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogForm {...dialog} onSubmit={submit}>
          <FormField label={label} error={form.formState.errors.title?.message} required>
            {(control) => <Input {...control} autoFocus autoComplete="off" {...form.register('title')} />}
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
