// Error block of the teacher area's lists: what failed to load, and a retry button.
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';

export function QueryError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return <LoadErrorBlock className="items-center" title={title} onRetry={onRetry} />;
}
