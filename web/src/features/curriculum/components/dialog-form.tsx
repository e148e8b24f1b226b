// The form inside the curriculum's modals (add or rename by title, upload a file): heading, fields,
// then Cancel and the submit button, both held while the call runs.
import type { FormEventHandler, ReactNode } from 'react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { Button } from '@/web/src/components/ui/button';
import { DialogClose } from '@/web/src/components/ui/dialog';
import { DialogFrame } from '@/web/src/components/ui/dialog-frame';

export type DialogFormProps = {
  heading: string;
  description?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields, and what shows under them. */
  children: ReactNode;
};

export function DialogForm({
  heading,
  description,
  submitLabel,
  pending,
  onSubmit,
  children,
}: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <DialogFrame
        title={heading}
        description={description}
        actions={
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {m.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </>
        }
      >
        {children}
      </DialogFrame>
    </form>
  );
}
