// Small status label (e.g. Actif / Inactif).
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const variantClasses = {
  default: 'border-transparent bg-primary-soft text-indigo-800',
  secondary: 'border-transparent bg-muted text-slate-700',
  success: 'border-transparent bg-emerald-50 text-emerald-800',
  warning: 'border-transparent bg-amber-50 text-amber-800',
  destructive: 'border-transparent bg-red-50 text-red-800',
  outline: 'border-border text-slate-700',
} as const;

export type BadgeVariant = keyof typeof variantClasses;

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
