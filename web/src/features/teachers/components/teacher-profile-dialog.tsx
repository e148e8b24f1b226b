// Profile modal of a teacher (SPEC §2): school, levels, remarks, email, phone, group count, licence
// badge from the active flag, Close and Edit.
import { Building2, Layers, Mail, Phone, StickyNote, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Teacher } from '../../../../../common/schemas/teachers.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';

function Detail({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-600 uppercase">
        {icon}
        {label}
      </dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

type Props = { teacher: Teacher | null; onOpenChange: (open: boolean) => void };

export function TeacherProfileDialog({ teacher, onOpenChange }: Props) {
  const icon = 'size-3.5';
  return (
    <Dialog open={teacher !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {teacher && (
          <>
            <DialogHeader>
              <DialogTitle>
                {teacher.firstname} {teacher.name}
              </DialogTitle>
              <DialogDescription asChild>
                <div>
                  <Badge variant={teacher.active ? 'success' : 'destructive'}>
                    {teacher.active ? 'Active License' : 'Inactive License'}
                  </Badge>
                </div>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="School" icon={<Building2 className={icon} aria-hidden="true" />}>
                {teacher.school || '—'}
              </Detail>
              <Detail label="Levels" icon={<Layers className={icon} aria-hidden="true" />}>
                {teacher.level || '—'}
              </Detail>
              <Detail label="Email" icon={<Mail className={icon} aria-hidden="true" />}>
                <a className="text-primary hover:underline" href={`mailto:${teacher.email}`}>
                  {teacher.email}
                </a>
              </Detail>
              <Detail label="Phone" icon={<Phone className={icon} aria-hidden="true" />}>
                {teacher.telephone || '—'}
              </Detail>
              <Detail label="Groups" icon={<Users className={icon} aria-hidden="true" />}>
                <span data-testid="teacher-group-count">{teacher.groupCount ?? 0}</span>
                {teacher.Groups !== null && (
                  <span className="text-muted-foreground"> / {teacher.Groups} allowed</span>
                )}
              </Detail>
              <Detail label="Remarks" icon={<StickyNote className={icon} aria-hidden="true" />}>
                <span className="whitespace-pre-line">{teacher.remarque || 'No remarks'}</span>
              </Detail>
            </dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <Button asChild>
                <Link to={paths.teacherFormEdit.getHref(teacher.id)}>Edit</Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
