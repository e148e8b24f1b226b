// A checkbox with its label on the right, the whole line clickable (react-hook-form's register fits).
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: string };

export function CheckboxField({ label, className, ...props }: CheckboxFieldProps) {
  return (
    <label
      className={cn(
        'flex w-fit cursor-pointer items-center gap-3 text-sm font-medium text-slate-800',
        className,
      )}
    >
      <input
        type="checkbox"
        {...props}
        className="size-4 cursor-pointer rounded border-input accent-indigo-600"
      />
      {label}
    </label>
  );
}
