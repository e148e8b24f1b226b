// The top of a screen that shows one item of the tree and what it holds: the trail to it, then the
// item's name as the page's heading (a placeholder while it loads) with the screen's actions.
import type { ReactNode } from 'react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import type { TrailStep } from '@/common/schemas/curriculum.js';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { CurriculumTrail, loadedTrail } from './trail';

type Props = {
  /** The screen's query, whose answer carries the trail. */
  query: { isError: boolean; data?: { trail: TrailStep[] } };
  /** Undefined while the query loads. */
  name: string | undefined;
  /** What of the item the screen lists ("Périodes", …), or what it holds. */
  subtitle?: string;
  /** Defaults to the subtitle and the name, as in "Périodes · 6e". */
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
        tabTitle={tabTitle ?? (name !== undefined && subtitle ? m.tabTitle(subtitle, name) : undefined)}
        actions={actions}
      />
    </>
  );
}
