// What a curriculum screen shows for an id that does not exist (or was just deleted).

import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

export function CurriculumNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <EmptyState
      icon={FileQuestion}
      title={m.notFoundTitle}
      description={m.notFoundDescription}
      action={
        <Button asChild variant="outline">
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      }
    />
  );
}
