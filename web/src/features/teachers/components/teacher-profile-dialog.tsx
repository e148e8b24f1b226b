// Profile modal of a teacher (docs/product.md#screens-and-routes): school, levels, remarks, email, phone, group count, licence
// badge from the active flag, Close and Edit.

import { Building2, KeyRound, Layers, Phone, Users } from 'lucide-react';
import { adminLabels, teacherMessages } from '@/common/messages/admin.js';
import { entMessages } from '@/common/messages/ent.js';
import type { Teacher } from '@/common/schemas/teachers.js';
import { EmailDetail, licenceStatus, RemarksDetail } from '@/web/src/components/ui/admin-details';
import { Detail, DetailsDialog } from '@/web/src/components/ui/details-dialog';
import { paths } from '@/web/src/config/paths';
import { signInLabel } from '../lib/sign-in-label';

type Props = { teacher: Teacher | null; onOpenChange: (open: boolean) => void };

export function TeacherProfileDialog({ teacher, onOpenChange }: Props) {
  return (
    <DetailsDialog
      className="max-w-xl"
      onOpenChange={onOpenChange}
      details={
        teacher && {
          title: `${teacher.firstname} ${teacher.name}`,
          status: licenceStatus(teacher.active),
          editHref: paths.teacherFormEdit.getHref(teacher.id),
          fields: <TeacherFields teacher={teacher} />,
        }
      }
    />
  );
}

function TeacherFields({ teacher }: { teacher: Teacher }) {
  return (
    <>
      <Detail label={adminLabels.school} icon={Building2}>
        {teacher.school || '—'}
      </Detail>
      <Detail label={teacherMessages.levelsLabel} icon={Layers}>
        {teacher.level || '—'}
      </Detail>
      <EmailDetail email={teacher.email} />
      <Detail label={entMessages.teacherSignIn} icon={KeyRound}>
        <span data-testid="teacher-profile-sign-in">{signInLabel(teacher)}</span>
      </Detail>
      <Detail label={adminLabels.phone} icon={Phone}>
        {teacher.telephone || '—'}
      </Detail>
      <Detail label={adminLabels.groups} icon={Users}>
        <span data-testid="teacher-group-count">{teacher.groupCount ?? 0}</span>
        {teacher.Groups !== null && (
          <span className="text-muted-foreground"> {teacherMessages.groupLimit(teacher.Groups)}</span>
        )}
      </Detail>
      <RemarksDetail remarks={teacher.remarque} />
    </>
  );
}
