// /usertable/:id/eleves: a group's pupils (docs/pupils.md). The group's title and the way back to its
// learning table; « Élèves », the roster (add, rename, remove, print cards); « Résultats », the grid
// pupils × given activities with its legend and « Exporter (CSV) », a pupil's detail in a side panel.
import { ArrowLeft, ClipboardList, FileQuestion, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pupilResultsMessages as m } from '@/common/messages/pupil-results.js';
import type { PupilName } from '@/common/schemas/pupil-results.js';
import { Button, buttonVariants } from '@/web/src/components/ui/button';
import { Card } from '@/web/src/components/ui/card';
import { DownloadButton } from '@/web/src/components/ui/download-button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { pupilResultsCsvUrl, usePupilResults } from '../api/get-pupil-results';
import { PupilDetail } from '../components/pupil-detail';
import { PupilRoster } from '../components/pupil-roster';
import { ResultsGrid, ResultsLegend } from '../components/results-grid';

function GroupNotFound() {
  useTabTitle(m.groupNotFoundTitle);
  return (
    <EmptyState
      asPageHeading
      icon={FileQuestion}
      title={m.groupNotFoundTitle}
      description={m.groupNotFoundDescription}
      action={
        <Button asChild variant="outline">
          <Link to={paths.userLevels.getHref()}>{m.backToLevels}</Link>
        </Button>
      }
    />
  );
}

function Results({ groupId, onOpenPupil }: { groupId: string; onOpenPupil: (pupil: PupilName) => void }) {
  const results = usePupilResults(groupId);
  if (results.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" data-testid="results-skeleton">
        <Skeleton className="h-8 w-64 rounded-md" />
        <Skeleton className="h-64 rounded-lg" />
      </div>
    );
  }
  if (results.isError) {
    return (
      <LoadErrorBlock
        title={m.loadError}
        text={getErrorMessage(results.error, m.loadError)}
        onRetry={() => void results.refetch()}
        retryLabel={m.retry}
      />
    );
  }
  const { pupils, activities } = results.data;
  if (pupils.length === 0) {
    return <EmptyState icon={UsersRound} title={m.noPupilsTitle} description={m.noPupilsDescription} />;
  }
  if (activities.length === 0) {
    return (
      <EmptyState
        icon={ClipboardList}
        title={m.nothingGivenTitle}
        description={m.nothingGivenDescription}
        action={
          <Button asChild variant="outline">
            <Link to={paths.userTable.getHref(groupId)}>{m.backToTable}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{m.resultsSubtitle(pupils.length, activities.length)}</p>
        <ResultsLegend />
      </div>
      <ResultsGrid results={results.data} onOpenPupil={onOpenPupil} />
    </div>
  );
}

export default function GroupPupilsPage() {
  const groupId = useParams().id ?? '';
  const results = usePupilResults(groupId);
  const [openPupil, setOpenPupil] = useState<PupilName | null>(null);
  const group = results.data?.group;
  const hasResults = Boolean(results.data?.pupils.length && results.data.activities.length);

  if (isNotFound(results.error)) return <GroupNotFound />;
  return (
    <>
      <Link
        to={paths.userTable.getHref(groupId)}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        {m.backToTable}
      </Link>
      <PageHeader
        title={group ? group.title : m.pageTitle}
        tabTitle={group ? m.tabTitle(group.title) : undefined}
        subtitle={m.pageSubtitle}
      />
      <div className="flex flex-col gap-6">
        {/* The roster is its own section, with its heading « Élèves ». */}
        <Card className="p-4 sm:p-5">
          <PupilRoster groupId={Number(groupId)} />
        </Card>
        <section aria-labelledby="pupils-results-title">
          <Card className="flex flex-col gap-4 p-4 sm:p-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="pupils-results-title" className="text-lg font-semibold text-slate-900">
                {m.resultsTitle}
              </h2>
              {/* Nothing to export before a pupil and a given activity. */}
              {group && hasResults && (
                <DownloadButton
                  url={pupilResultsCsvUrl(group.id)}
                  fallbackName="eleves.csv"
                  label={m.exportCsv}
                  errorText={m.exportFailed}
                />
              )}
            </div>
            <Results groupId={groupId} onOpenPupil={setOpenPupil} />
          </Card>
        </section>
      </div>
      <PupilDetail groupId={groupId} pupil={openPupil} onClose={() => setOpenPupil(null)} />
    </>
  );
}
