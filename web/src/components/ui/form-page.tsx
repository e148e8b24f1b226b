// The frame of a create/edit page: a link back to the list above the form, its title, the route that
// picks the create or edit page by its `:id`, and the states shown while the item loads or when it
// does not exist.
import { ArrowLeft } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTabTitle } from '../../lib/use-tab-title';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';
import { Skeleton } from './skeleton';

/** The list the page goes back to. */
type FormPageBack = { backHref: string; backLabel: string };

type FormPageProps = FormPageBack & { children: ReactNode };

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

/** The page while the item loads: the link back, and a stand-in for the title and the form. */
export function FormPageSkeleton(back: FormPageBack) {
  return (
    <FormPage {...back}>
      <Skeleton className="mb-6 h-9 w-64" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </FormPage>
  );
}

type FormPageMissingProps = FormPageBack & { title: string };

/** The page when the item (or what the form needs) could not be found or loaded. */
export function FormPageMissing({ title, backHref, backLabel }: FormPageMissingProps) {
  useTabTitle(title);
  return (
    <FormPage backHref={backHref} backLabel={backLabel}>
      <EmptyState
        asPageHeading
        title={title}
        action={
          <Button asChild>
            <Link to={backHref}>{backLabel}</Link>
          </Button>
        }
      />
    </FormPage>
  );
}

/** The `:id` of an edit route: a positive whole number, or null when the route holds anything else. */
export function parseIdParam(id: string): number | null {
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

type EntityFormPageProps = { back: FormPageBack; title: string; subtitle: string; children: ReactNode };

/** The link back to the list, the page's title over its subtitle, then the form. */
export function EntityFormPage({ back, title, subtitle, children }: EntityFormPageProps) {
  return (
    <FormPage {...back}>
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </FormPage>
  );
}

type FormRouteProps = {
  back: FormPageBack;
  /** The title of the page when the route's `:id` is not an id. */
  notFoundTitle: string;
  create: ComponentType;
  edit: ComponentType<{ id: number }>;
};

/** The create page without `:id`, the edit page with a valid one, the missing page for anything else. */
export function FormRoute({ back, notFoundTitle, create: Create, edit: Edit }: FormRouteProps) {
  const { id } = useParams();
  if (id === undefined) return <Create />;
  const numericId = parseIdParam(id);
  if (numericId === null) return <FormPageMissing title={notFoundTitle} {...back} />;
  return <Edit id={numericId} />;
}

type ListItemMissingProps = {
  back: FormPageBack;
  /** Whether the list the item is read from failed to load. */
  listFailed: boolean;
  messages: { loadOneFailed: string; notFound: string };
};

/** The edit page when its item is not in the list: the list failed to load, or it has no such item. */
export function ListItemMissing({ back, listFailed, messages }: ListItemMissingProps) {
  return <FormPageMissing title={listFailed ? messages.loadOneFailed : messages.notFound} {...back} />;
}
