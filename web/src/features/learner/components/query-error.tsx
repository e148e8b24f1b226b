// Error block of the teacher area's lists: the message and a retry button.

import { RefreshCw } from 'lucide-react';
import { learnerMessages } from '../../../../../common/messages/learner.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

export function QueryError({
  title,
  onRetry,
  retryLabel = learnerMessages.retry,
}: {
  title: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert variant="destructive" className="items-center">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
