// Details modal of a school (docs/product.md#screens-and-routes): every field, the licence badge, counts, Close and Edit; and its
// usage over the last 30 days.

import { Activity, CalendarDays, Globe, KeyRound, Layers, MapPin, Phone, Send, Users } from 'lucide-react';
import { formatNumber } from '@/common/french.js';
import { isoDay } from '@/common/licence.js';
import { adminLabels, schoolMessages } from '@/common/messages/admin.js';
import { entMessages } from '@/common/messages/ent.js';
import { insightsMessages } from '@/common/messages/insights.js';
import type { School } from '@/common/schemas/schools.js';
import { EmailDetail, licenceStatus, RemarksDetail } from '@/web/src/components/ui/admin-details';
import { Detail, DetailsDialog } from '@/web/src/components/ui/details-dialog';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { formatDate, formatDateTime } from '@/web/src/lib/format-date';
import { useSchoolUsage } from '../api/get-school-usage';
import { websiteHref } from '../lib/format';
import { LicenceBadge } from './licence-badge';

type Props = { school: School | null; onOpenChange: (open: boolean) => void };

export function SchoolDetailsDialog({ school, onOpenChange }: Props) {
  return (
    <DetailsDialog
      className="max-w-2xl"
      onOpenChange={onOpenChange}
      details={
        school && {
          title: school.schoolName,
          status: licenceStatus(school.activelicense),
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
      <Detail label={adminLabels.location} icon={MapPin}>
        {school.city || '—'}
      </Detail>
      <Detail label={adminLabels.address}>{school.addres || '—'}</Detail>
      <Detail label={schoolMessages.uaiLabel}>
        <span className="font-mono" data-testid="school-uai">
          {school.uai || '—'}
        </span>
      </Detail>
      <EmailDetail email={school.email} />
      <Detail label={adminLabels.phone} icon={Phone}>
        {school.telephone || '—'}
      </Detail>
      <Detail label={adminLabels.website} icon={Globe}>
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
      <Detail label={schoolMessages.licenseStartLabel} icon={CalendarDays}>
        {formatDate(school.licensestartdate)}
      </Detail>
      <Detail label={schoolMessages.licenseEndLabel} icon={CalendarDays}>
        {formatDate(school.licensesddate)}
        {school.licensesddate && (
          <span className="ml-2">
            <LicenceBadge school={school} today={isoDay(new Date())} />
          </span>
        )}
      </Detail>
      <Detail label={schoolMessages.lastPaymentLabel} icon={CalendarDays}>
        {formatDate(school.licensespaymentdate)}
      </Detail>
      <Detail label={adminLabels.teachers} icon={Users}>
        <span data-testid="school-teacher-count">{school.teacherCount ?? 0}</span>
      </Detail>
      <Detail label={adminLabels.groups} icon={Users}>
        <span data-testid="school-group-count">{school.groupCount ?? 0}</span>
      </Detail>
      <Detail label={entMessages.signInMethodLabel} icon={KeyRound}>
        <span data-testid="school-sign-in">{entMessages.signInMethods[school.signInMethod]}</span>
        {school.signInMethod === 'cas' && (
          <span className="block break-all text-xs text-muted-foreground">{school.casUrl}</span>
        )}
      </Detail>
      <Detail label={entMessages.groupQuotaLabel} icon={Users}>
        {school.groupQuota ?? '—'}
      </Detail>
      <Detail label={entMessages.licenceLevelsLabel} icon={Layers} className="sm:col-span-2">
        {school.levels.length > 0 ? school.levels.map((level) => level.title).join(', ') : '—'}
      </Detail>
      <Detail label={entMessages.subscriptionLabel} icon={Send} className="sm:col-span-2">
        <SubscriptionState school={school} />
      </Detail>
      <RemarksDetail remarks={school.remarque} />
      <SchoolUsage schoolId={school.id} />
    </>
  );
}

/** Where the school's GAR subscription stands: sent, refused with the GAR's message, or waiting. */
function SubscriptionState({ school }: { school: School }) {
  const state = school.subscription;
  if (!state) return <span data-testid="school-subscription">{entMessages.subscriptionNone}</span>;
  const tone =
    state.status === 'sent'
      ? 'text-emerald-800'
      : state.status === 'refused'
        ? 'text-red-700'
        : 'text-amber-800';
  return (
    <span data-testid="school-subscription" className="flex flex-col gap-0.5">
      <span className={`font-medium ${tone}`}>
        {entMessages.subscriptionStates[state.status]}
        {state.status === 'pending' && state.nextAttemptAt
          ? ` (${entMessages.subscriptionRetry(formatDateTime(state.nextAttemptAt))})`
          : ''}
      </span>
      {state.message && <span className="text-xs text-muted-foreground">{state.message}</span>}
    </span>
  );
}

/** Three figures of the last 30 days; a failure says so here and leaves the rest of the modal alone. */
function SchoolUsage({ schoolId }: { schoolId: number }) {
  const usage = useSchoolUsage(schoolId);
  const figures = [
    { label: schoolMessages.usageTeachers, value: usage.data?.teachersSignedIn },
    { label: insightsMessages.activeGroups, value: usage.data?.activeGroups },
    { label: insightsMessages.completedActivities, value: usage.data?.completions },
  ];
  return (
    <Detail label={insightsMessages.usageTitle} icon={Activity} className="sm:col-span-2">
      {usage.isError ? (
        <span className="text-red-700">{insightsMessages.usageError}</span>
      ) : (
        <span className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="school-usage">
          {figures.map((figure) => (
            <span
              key={figure.label}
              className="flex items-baseline gap-2 rounded-lg border px-3 py-2 sm:flex-col sm:items-start sm:gap-0"
            >
              {figure.value === undefined ? (
                <Skeleton className="h-6 w-10" />
              ) : (
                <span className="text-lg font-semibold tabular-nums">{formatNumber(figure.value)}</span>
              )}
              {/* Words wrap between them, never inside one. */}
              <span className="text-xs [overflow-wrap:normal] text-muted-foreground">{figure.label}</span>
            </span>
          ))}
        </span>
      )}
    </Detail>
  );
}
