// Details modal of a school (SPEC §2): every field, the licence badge, counts, Close and Edit.
import { CalendarDays, Globe, Mail, MapPin, Phone, StickyNote, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import type { School } from '../../../../../common/schemas/schools.js';
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
import { formatDate, websiteHref } from './format';

function Detail({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
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

type Props = { school: School | null; onOpenChange: (open: boolean) => void };

export function SchoolDetailsDialog({ school, onOpenChange }: Props) {
  const iconClass = 'size-3.5';
  return (
    <Dialog open={school !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {school && (
          <>
            <DialogHeader>
              <DialogTitle>{school.schoolName}</DialogTitle>
              <DialogDescription asChild>
                <div>
                  <Badge variant={school.activelicense ? 'success' : 'destructive'}>
                    {school.activelicense ? schoolMessages.activeLicense : schoolMessages.inactiveLicense}
                  </Badge>
                </div>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="Location" icon={<MapPin className={iconClass} aria-hidden="true" />}>
                {school.city || '—'}
              </Detail>
              <Detail label="Address">{school.addres || '—'}</Detail>
              <Detail label="Email" icon={<Mail className={iconClass} aria-hidden="true" />}>
                {school.email ? (
                  <a className="text-primary hover:underline" href={`mailto:${school.email}`}>
                    {school.email}
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail label="Phone" icon={<Phone className={iconClass} aria-hidden="true" />}>
                {school.telephone || '—'}
              </Detail>
              <Detail label="Website" icon={<Globe className={iconClass} aria-hidden="true" />}>
                {school.website ? (
                  <a
                    className="text-primary hover:underline"
                    href={websiteHref(school.website)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {school.website}
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail
                label="License start date"
                icon={<CalendarDays className={iconClass} aria-hidden="true" />}
              >
                {formatDate(school.licensestartdate)}
              </Detail>
              <Detail
                label="License end date"
                icon={<CalendarDays className={iconClass} aria-hidden="true" />}
              >
                {formatDate(school.licensesddate)}
              </Detail>
              <Detail
                label="Last payment date"
                icon={<CalendarDays className={iconClass} aria-hidden="true" />}
              >
                {formatDate(school.licensespaymentdate)}
              </Detail>
              <Detail label="Teachers" icon={<Users className={iconClass} aria-hidden="true" />}>
                <span data-testid="school-teacher-count">{school.teacherCount ?? 0}</span>
              </Detail>
              <Detail label="Groups" icon={<Users className={iconClass} aria-hidden="true" />}>
                <span data-testid="school-group-count">{school.groupCount ?? 0}</span>
              </Detail>
              <Detail label="Remarks" icon={<StickyNote className={iconClass} aria-hidden="true" />}>
                <span className="whitespace-pre-line">{school.remarque || schoolMessages.noRemarks}</span>
              </Detail>
            </dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <Button asChild>
                <Link to={paths.schoolFormEdit.getHref(school.id)}>Edit</Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
