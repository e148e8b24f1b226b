// What the school and teacher details modals show alike: the licence badge's state, the email as a
// mailto link, and the remarks.
import { Mail, StickyNote } from 'lucide-react';
import { adminLabels, schoolMessages } from '@/common/messages/admin.js';
import { Detail, type Details } from './details-dialog';

/** The badge under the title: an active or inactive licence. */
export function licenceStatus(active: boolean): Details['status'] {
  return { active, label: active ? schoolMessages.activeLicense : schoolMessages.inactiveLicense };
}

export function EmailDetail({ email }: { email: string | null }) {
  return (
    <Detail label={adminLabels.email} icon={Mail}>
      {email ? (
        <a className="text-primary hover:underline" href={`mailto:${email}`}>
          {email}
        </a>
      ) : (
        '—'
      )}
    </Detail>
  );
}

export function RemarksDetail({ remarks }: { remarks: string | null }) {
  return (
    <Detail label={adminLabels.remarks} icon={StickyNote}>
      <span className="whitespace-pre-line">{remarks || schoolMessages.noRemarks}</span>
    </Detail>
  );
}
