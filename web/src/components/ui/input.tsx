// Text input with the shared field look; aria-invalid turns the border red.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-input bg-surface px-3 text-sm text-foreground shadow-xs transition-colors ' +
  'placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 ' +
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 ' +
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/30';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        fieldClasses,
        'h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
