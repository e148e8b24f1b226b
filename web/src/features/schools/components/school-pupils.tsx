// A school's pupils in its edit screen (docs/privacy.md): how many, how they sign in, and the list
// (searchable, by pages) with, per pupil, « Exporter ses données » (a JSON download) and « Effacer »
// (after a confirmation naming what goes).
import { ChevronLeft, ChevronRight, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { pupilAdminMessages as m } from '@/common/messages/pupil-admin.js';
import { PUPIL_SIGN_IN_KINDS, type SchoolPupil } from '@/common/schemas/pupil-admin.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Button } from '@/web/src/components/ui/button';
import { Card } from '@/web/src/components/ui/card';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { DownloadButton } from '@/web/src/components/ui/download-button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadError } from '@/web/src/components/ui/load-error';
import { SearchInput } from '@/web/src/components/ui/search-input';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { formatDateTime } from '@/web/src/lib/format-date';
import { notify } from '@/web/src/lib/notify';
import { pupilExportUrl, useErasePupil } from '../api/erase-pupil';
import { useSchoolPupils } from '../api/get-school-pupils';

/** How long typing pauses before the list is asked again. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function SchoolPupils({ schoolId }: { schoolId: number }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const pupils = useSchoolPupils(schoolId, search, page);
  const erase = useErasePupil(schoolId);
  const [toErase, setToErase] = useState<SchoolPupil | null>(null);
  const data = pupils.data;
  const pages = data ? Math.max(1, Math.ceil(data.matching / data.pageSize)) : 1;

  const confirmErase = () => {
    if (!toErase) return;
    erase.mutate(toErase.id, {
      onSuccess: () => {
        notify.success(m.erased);
        setToErase(null);
        // The last pupil of the last page gone: show the page before.
        if (data && data.pupils.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => {
        notify.error(getErrorMessage(error, m.eraseFailed));
        setToErase(null);
      },
    });
  };

  return (
    <section aria-labelledby="school-pupils-title">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id="school-pupils-title" className="text-base font-semibold">
            {m.sectionTitle}
            {data && data.total > 0 && (
              <>
                {' '}
                <span className="font-normal text-muted-foreground">({m.count(data.total)})</span>
              </>
            )}
          </h2>
          <p className="text-sm text-muted-foreground">{m.sectionDescription}</p>
        </div>

        {pupils.isPending && (
          <div className="mt-5 flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-6 w-64" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {pupils.isError && !data && (
          <div className="mt-5">
            <LoadError text={m.loadFailed} onRetry={() => void pupils.refetch()} />
          </div>
        )}
        {data && data.total === 0 && (
          <EmptyState className="mt-5" icon={Users} title={m.empty} description={m.emptyDescription} />
        )}
        {data && data.total > 0 && (
          <>
            <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted-foreground">{m.signInSummary} :</span>
              {PUPIL_SIGN_IN_KINDS.map((kind) => (
                <Badge key={kind} variant="secondary">
                  {m.signInCount(m.signInKinds[kind], data.signIn[kind])}
                </Badge>
              ))}
            </div>
            <SearchInput
              className="mt-4"
              value={query}
              aria-label={m.searchLabel}
              placeholder={m.searchPlaceholder}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(1);
              }}
            />
            {data.matching === 0 ? (
              <p className="mt-4 rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                {m.noMatch}
              </p>
            ) : (
              <ul aria-label={m.sectionTitle} className="mt-4 divide-y rounded-lg border">
                {data.pupils.map((pupil) => (
                  <PupilRow key={pupil.id} pupil={pupil} onErase={() => setToErase(pupil)} />
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav
                aria-label={m.pageOf(page, pages)}
                className="mt-4 flex items-center justify-between gap-2"
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                  aria-label={m.previousPage}
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <span className="text-sm text-muted-foreground">{m.pageOf(page, pages)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                  aria-label={m.nextPage}
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        )}

        <ConfirmDialog
          open={toErase !== null}
          title={toErase ? m.eraseTitle(toErase.displayName) : ''}
          description={m.eraseDescription}
          pending={erase.isPending}
          confirmLabel={m.eraseConfirm}
          onCancel={() => setToErase(null)}
          onConfirm={confirmErase}
        />
      </Card>
    </section>
  );
}

function PupilRow({ pupil, onErase }: { pupil: SchoolPupil; onErase: () => void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{pupil.displayName}</span>
          {pupil.signIn.map((kind) => (
            <Badge key={kind} variant="outline">
              {m.signInKinds[kind]}
            </Badge>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">
          {pupil.groups.length === 0
            ? m.noGroup
            : pupil.groups.map((group) => `${group.title} (${group.teacherName})`).join(' · ')}
        </p>
        <p className="text-xs text-muted-foreground">{m.lastSeen(formatDateTime(pupil.lastSeenAt))}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <DownloadButton
          url={pupilExportUrl(pupil.id)}
          fallbackName={`eleve-${pupil.id}-donnees.json`}
          label={m.export}
          errorText={m.exportFailed}
        />
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onErase}
        >
          <Trash2 aria-hidden="true" />
          {m.erase}
        </Button>
      </div>
    </li>
  );
}
