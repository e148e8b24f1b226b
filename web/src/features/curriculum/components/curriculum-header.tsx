// The top of a screen that shows one item of the tree and what it holds: the trail to it, then the
// item's name as the page's heading (a placeholder while it loads) with the screen's actions.
import type { ReactNode } from 'react';
import type { TrailStep } from '../../../../../common/schemas/curriculum.js';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { CurriculumTrail, loadedTrail } from './trail';

type Props = {
  /** The screen's query, whose answer carries the trail. */
  query: { isError: boolean; data?: { trail: TrailStep[] } };
  /** Undefined while the query loads. */
  name: string | undefined;
  subtitle?: ReactNode;
  tabTitle?: string;
  actions: ReactNode;
};

export function CurriculumHeader({ query, name, subtitle, tabTitle, actions }: Props) {
  return (
    <>
      <CurriculumTrail trail={loadedTrail(query)} />
      <PageHeader
        title={name ?? <Skeleton className="h-8 w-48" />}
        subtitle={subtitle}
        tabTitle={tabTitle}
        actions={actions}
      />
    </>
  );
}
