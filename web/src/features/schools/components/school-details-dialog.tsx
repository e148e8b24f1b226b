// Details modal of a school (SPEC §2): every field, the licence badge, counts, Close and Edit.
import { CalendarDays, Globe, Mail, MapPin, Phone, StickyNote, Users } from 'lucide-react';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import type { School } from '../../../../../common/schemas/schools.js';
import { Detail, DetailsDialog } from '../../../components/ui/details-dialog';
import { paths } from '../../../config/paths';
import { formatDate, websiteHref } from './format';

type Props = { school: School | null; onOpenChange: (open: boolean) => void };

export function SchoolDetailsDialog({ school, onOpenChange }: Props) {
  return (
    <DetailsDialog
      className="max-w-2xl"
      onOpenChange={onOpenChange}
      details={
        school && {
          title: school.schoolName,
          status: {
            active: school.activelicense,
            label: school.activelicense ? schoolMessages.activeLicense : schoolMessages.inactiveLicense,
          },
          editHref: paths.schoolFormEdit.getHref(school.id),
          fields: <SchoolFields school={school} />,
        }
      }
    />
  );
}

function SchoolFields({ school }: { school: School }) {
  return (
    <>
      <Detail label="Location" icon={MapPin}>
        {school.city || '—'}
      </Detail>
      <Detail label="Address">{school.addres || '—'}</Detail>
      <Detail label="Email" icon={Mail}>
        {school.email ? (
          <a className="text-primary hover:underline" href={`mailto:${school.email}`}>
            {school.email}
          </a>
        ) : (
          '—'
        )}
      </Detail>
      <Detail label="Phone" icon={Phone}>
        {school.telephone || '—'}
      </Detail>
      <Detail label="Website" icon={Globe}>
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
      <Detail label="License start date" icon={CalendarDays}>
        {formatDate(school.licensestartdate)}
      </Detail>
      <Detail label="License end date" icon={CalendarDays}>
        {formatDate(school.licensesddate)}
      </Detail>
      <Detail label="Last payment date" icon={CalendarDays}>
        {formatDate(school.licensespaymentdate)}
      </Detail>
      <Detail label="Teachers" icon={Users}>
        <span data-testid="school-teacher-count">{school.teacherCount ?? 0}</span>
      </Detail>
      <Detail label="Groups" icon={Users}>
        <span data-testid="school-group-count">{school.groupCount ?? 0}</span>
      </Detail>
      <Detail label="Remarks" icon={StickyNote}>
        <span className="whitespace-pre-line">{school.remarque || schoolMessages.noRemarks}</span>
      </Detail>
    </>
  );
}
