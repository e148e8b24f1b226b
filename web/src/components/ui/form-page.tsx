// The frame of a create/edit page: a link back to the list above the form, and the states shown while
// the item loads or when it does not exist.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTabTitle } from '../../lib/use-tab-title';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

type FormPageProps = { backHref: string; backLabel: string; children: ReactNode };

export function FormPage({ backHref, backLabel, children }: FormPageProps) {
  return (
    <>
      <Button variant="ghost" size="sm" asChild className="-ml-2 mb-2 w-fit">
        <Link to={backHref}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      {children}
    </>
  );
}

/** Stands for the title and the form while they load. */
export function FormPageSkeleton() {
  return (
    <>
      <Skeleton className="mb-6 h-9 w-64" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </>
  );
}

type FormPageMissingProps = { title: string; backHref: string; backLabel: string };

/** The item (or what the form needs) could not be found or loaded. */
export function FormPageMissing({ title, backHref, backLabel }: FormPageMissingProps) {
  useTabTitle(title);
  return (
    <EmptyState
      asPageHeading
      title={title}
      action={
        <Button asChild>
          <Link to={backHref}>{backLabel}</Link>
        </Button>
      }
    />
  );
}
