// The two ways out of a player (activity or PDF) that failed: try again, or go back. Drawn for the
// players' dark background.
import { RefreshCw } from 'lucide-react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button } from '@/web/src/components/ui/button';
import { cn } from '@/web/src/lib/utils';

type Props = {
  onRetry: () => void;
  onBack: () => void;
  /** Added to the back button's classes. */
  backClassName?: string;
};

export function RetryOrBack({ onRetry, onBack, backClassName }: Props) {
  return (
    <div className="flex gap-2">
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {teacherAreaMessages.retry}
      </Button>
      <Button
        variant="outline"
        className={cn(backClassName, 'bg-transparent text-slate-100 hover:bg-white/10')}
        onClick={onBack}
      >
        {teacherAreaMessages.back}
      </Button>
    </div>
  );
}
