// What the teacher area shows for an id that does not exist (or is not the teacher's): it says so,
// with the way back to the levels, instead of a retry that could only fail again.
import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button } from '@/web/src/components/ui/button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { paths } from '@/web/src/config/paths';
import { useTabTitle } from '@/web/src/lib/use-tab-title';

export function TeacherAreaNotFound({ title, description }: { title: string; description: string }) {
  useTabTitle(title);
  return (
    <EmptyState
      asPageHeading
      icon={FileQuestion}
      title={title}
      description={description}
      action={
        <Button asChild variant="outline">
          <Link to={paths.userLevels.getHref()}>{teacherAreaMessages.backToLevels}</Link>
        </Button>
      }
    />
  );
}
