// An admin list page searched in the browser (docs/product.md#screens-and-routes, docs/product.md#business-constants-and-limits): the header with the count and the Import
// and Add buttons, the search row, then the loading, error, empty or no-match state, or the rows.
import { FileUp, Plus } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { importMessages } from '@/common/messages/imports.js';
import { useTextSearch } from '../../lib/text-search';
import { Button } from './button';
import { ListSearch } from './list-search';
import { ListStates } from './list-states';
import { PageHeader } from './page-header';

/** The page that adds an item, linked from the header and from the empty state. */
type AddLink = { href: string; label: string };

function ListPageActions({ importHref, add }: { importHref: string; add: AddLink }) {
  return (
    <>
      <Button asChild variant="outline">
        <Link to={importHref}>
          <FileUp aria-hidden="true" />
          {importMessages.importButton}
        </Link>
      </Button>
      <Button asChild>
        <Link to={add.href}>
          <Plus aria-hidden="true" />
          {add.label}
        </Link>
      </Button>
    </>
  );
}

/** The query typed in a list's search box, and the items it keeps (`textOf` must be stable). */
export function useListSearch<T>(items: T[] | undefined, textOf: (item: T) => string) {
  const [query, setQuery] = useState('');
  // The box shows each keystroke at once; the list follows in a render React may interrupt.
  const searched = useDeferredValue(query);
  const visible = useTextSearch(items, textOf, searched);
  return { query, setQuery, searched, visible };
}

type ListMessages = {
  listTitle: string;
  count: (total: number) => string;
  search: string;
  loadFailed: string;
  emptyTitle: string;
  emptyDescription: string;
  noMatch: string;
};

type SearchableListPageProps<T> = {
  list: {
    status: 'pending' | 'error' | 'success';
    data: T[] | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  search: ReturnType<typeof useListSearch<T>>;
  messages: ListMessages;
  importHref: string;
  add: AddLink;
  /** Logged with the error when the list fails to load. */
  loadErrorLog: string;
  /** Prefix of the search row's test ids. */
  testIdPrefix: string;
  children: ReactNode;
};

export function SearchableListPage<T>({
  list,
  search,
  messages,
  importHref,
  add,
  loadErrorLog,
  testIdPrefix,
  children,
}: SearchableListPageProps<T>) {
  useEffect(() => {
    if (list.error) console.error(loadErrorLog, list.error);
  }, [list.error, loadErrorLog]);
  const total = list.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title={messages.listTitle}
        subtitle={list.data ? messages.count(total) : undefined}
        actions={<ListPageActions importHref={importHref} add={add} />}
      />

      <ListSearch
        placeholder={messages.search}
        value={search.query}
        onChange={search.setQuery}
        matches={search.searched.trim() && list.data ? search.visible.length : null}
        testIdPrefix={testIdPrefix}
      />
      <ListStates
        status={list.status}
        onRetry={() => void list.refetch()}
        errorText={messages.loadFailed}
        total={total}
        matches={search.visible.length}
        empty={{
          title: messages.emptyTitle,
          description: messages.emptyDescription,
          action: (
            <Button asChild>
              <Link to={add.href}>{add.label}</Link>
            </Button>
          ),
        }}
        noMatchTitle={messages.noMatch}
        query={search.searched}
      >
        {children}
      </ListStates>
    </>
  );
}
