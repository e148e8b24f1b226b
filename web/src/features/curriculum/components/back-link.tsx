// The "back" link at the top of a curriculum screen.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';

export function BackLink({ to, label = m.back }: { to: string; label?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-3 text-slate-600">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
