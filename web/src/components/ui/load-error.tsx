// Why some data could not load, with a button that fetches it again.
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

type LoadErrorProps = { text: ReactNode; onRetry: () => void };

/** A short message with Retry beside it. */
export function LoadError({ text, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        {text}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {uiMessages.retry}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

type LoadErrorBlockProps = {
  title?: string;
  text?: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
  className?: string;
};

/** A title, a message that may run long (often the server's), or both; Retry below them. */
export function LoadErrorBlock({
  title,
  text,
  onRetry,
  retryLabel = uiMessages.retry,
  className,
}: LoadErrorBlockProps) {
  return (
    <Alert variant="destructive" className={className}>
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription>
        {text && <p>{text}</p>}
        <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
