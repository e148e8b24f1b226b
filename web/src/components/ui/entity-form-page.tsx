// What the create and edit pages of the admin lists share: the frame with the link back and the title,
// the route that picks the page by its `:id`, and the page when the item to edit is missing.
import type { ComponentType, ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormPage, FormPageMissing, parseIdParam } from './form-page';
import { PageHeader } from './page-header';

/** The list the page goes back to. */
type Back = { backHref: string; backLabel: string };

type EntityFormPageProps = { back: Back; title: string; subtitle: string; children: ReactNode };

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
  back: Back;
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
  back: Back;
  /** Whether the list the item is read from failed to load. */
  listFailed: boolean;
  messages: { loadOneFailed: string; notFound: string };
};

/** The edit page when its item is not in the list: the list failed to load, or it has no such item. */
export function ListItemMissing({ back, listFailed, messages }: ListItemMissingProps) {
  return <FormPageMissing title={listFailed ? messages.loadOneFailed : messages.notFound} {...back} />;
}
