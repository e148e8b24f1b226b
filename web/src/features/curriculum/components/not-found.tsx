// What a curriculum screen shows for an id that does not exist (or was just deleted).
import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

export function CurriculumNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <EmptyState
      icon={FileQuestion}
      title="Élément introuvable"
      description="Il a peut-être été supprimé."
      action={
        <Button asChild variant="outline">
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      }
    />
  );
}
