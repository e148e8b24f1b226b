// Inline message box; the destructive variant is announced as an alert.
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  default: { classes: 'border-border bg-surface text-foreground [&>svg]:text-slate-600', Icon: Info },
  destructive: { classes: 'border-red-200 bg-red-50 text-red-800 [&>svg]:text-red-700', Icon: AlertCircle },
  success: {
    classes: 'border-emerald-200 bg-emerald-50 text-emerald-900 [&>svg]:text-emerald-700',
    Icon: CheckCircle2,
  },
} as const;

type AlertProps = ComponentProps<'div'> & { variant?: keyof typeof variants; icon?: boolean };

export function Alert({ className, variant = 'default', icon = true, children, ...props }: AlertProps) {
  const { classes, Icon } = variants[variant];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        classes,
        className,
      )}
      {...props}
    >
      {icon && <Icon aria-hidden="true" />}
      <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('leading-relaxed [&_p]:leading-relaxed', className)} {...props} />;
}
