// The top of every curriculum screen: a back link to the parent (always one level up, always
// "Retour") and the breadcrumb Niveaux éducatifs › level › period › lesson › session › item, each
// step a link, names cut with a tooltip only when the row has no room for them.
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { uiMessages } from '@/common/messages/ui.js';
import type { TrailStep } from '@/common/schemas/curriculum.js';
import { Button } from '@/web/src/components/ui/button';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';

/** The screen that opens each kind of step: a level's periods, a period's lessons, and so on. */
const stepScreens: Record<TrailStep['kind'], { getHref: (id: number) => string }> = {
  level: paths.periods,
  period: paths.lessons,
  lesson: paths.lesson,
  session: paths.session,
  activity: paths.activityPreview,
  pdf: paths.pdfPreview,
};

export function stepHref(step: TrailStep): string {
  return stepScreens[step.kind].getHref(step.id);
}

/** The trail a curriculum screen's query gives: undefined while it loads, empty when it failed. */
export function loadedTrail(query: { isError: boolean; data?: { trail: TrailStep[] } }) {
  return query.isError ? [] : query.data?.trail;
}

const BACK_CLASS = '-ml-2 shrink-0 text-slate-600';
const backLabel = (
  <>
    <ArrowLeft aria-hidden="true" />
    {m.back}
  </>
);

/** `trail` ends with the screen's own node; undefined while it loads (the back link waits for it),
 * empty when it could not be loaded (back to the levels). */
export function CurriculumTrail({ trail }: { trail: TrailStep[] | undefined }) {
  const root = { title: m.levelsTitle, href: paths.levels.getHref() };
  const steps = [root, ...(trail ?? []).map((step) => ({ title: step.title, href: stepHref(step) }))];
  const parent = steps.at(-2) ?? root;
  return (
    <div className="mb-3 flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
      {trail === undefined ? (
        // The parent is not known yet: no link that could lead elsewhere than one level up.
        <Button variant="ghost" size="sm" className={BACK_CLASS} disabled>
          {backLabel}
        </Button>
      ) : (
        <Button asChild variant="ghost" size="sm" className={BACK_CLASS}>
          <Link to={parent.href} aria-label={m.backTo(parent.title)} title={m.backTo(parent.title)}>
            {backLabel}
          </Link>
        </Button>
      )}
      <nav aria-label={uiMessages.breadcrumb} className="min-w-0 max-w-full">
        {trail === undefined ? (
          <Skeleton className="h-5 w-64 max-w-full" />
        ) : (
          <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5 text-sm text-slate-600">
            {steps.map((step, index) => {
              const last = index === steps.length - 1;
              return (
                <li key={step.href} className="flex min-w-0 items-center gap-1">
                  {index > 0 && (
                    <ChevronRight className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                  )}
                  {last ? (
                    <span
                      aria-current="page"
                      className="max-w-[10rem] truncate font-medium text-slate-900 sm:max-w-full"
                      title={step.title}
                    >
                      {step.title}
                    </span>
                  ) : (
                    <Link
                      to={step.href}
                      className="max-w-[10rem] truncate rounded hover:text-primary hover:underline sm:max-w-full"
                      title={step.title}
                    >
                      {step.title}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </nav>
    </div>
  );
}
