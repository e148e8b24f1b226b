// Form label.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (FormField always does).
    <label
      htmlFor={htmlFor}
      className={cn('text-sm font-medium leading-none text-slate-800', className)}
      {...props}
    />
  );
}
