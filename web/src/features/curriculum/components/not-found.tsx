// What a curriculum screen shows for an id that does not exist (or was just deleted).

import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useTabTitle } from '../../../lib/use-tab-title';

export function CurriculumNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  useTabTitle(m.notFoundTitle);
  return (
    <EmptyState
      asPageHeading
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
