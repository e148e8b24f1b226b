// Busy indicator, announced to screen readers unless decorative; FullPageSpinner centres it on screen.
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

type SpinnerProps = {
  className?: string;
  /** Text for screen readers; `null` when a visible text next to the spinner already says it. */
  label?: string | null;
};

export function Spinner({ className, label = 'Loading...' }: SpinnerProps) {
  const icon = <Loader2 className={cn('size-6 animate-spin text-primary', className)} aria-hidden="true" />;
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
