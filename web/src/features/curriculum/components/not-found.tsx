// What a curriculum screen shows for an id that does not exist (or was just deleted): a way back to
// the levels, the only screen that needs no id.

import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { Button } from '@/web/src/components/ui/button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { paths } from '@/web/src/config/paths';
import { useTabTitle } from '@/web/src/lib/use-tab-title';

export function CurriculumNotFound() {
  useTabTitle(m.notFoundTitle);
  return (
    <EmptyState
      asPageHeading
      icon={FileQuestion}
      title={m.notFoundTitle}
      description={m.notFoundDescription}
      action={
        <Button asChild variant="outline">
          <Link to={paths.levels.getHref()}>{m.levelsTitle}</Link>
        </Button>
      }
    />
  );
}
