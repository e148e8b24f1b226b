// An ItemList with its rename and delete dialogs: what every curriculum screen needs for the items
// it shows. The page passes the calls (which also toast) and the texts. An empty list shows the
// list's icon with the page's texts and action.
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import type { Item, TitleInput } from '@/common/schemas/curriculum.js';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { ItemList, type ItemListProps } from './item-list';
import { TitleDialog } from './title-dialog';

type Props<T extends Item> = Omit<ItemListProps<T>, 'onEdit' | 'onDelete' | 'empty'> & {
  empty: { title: string; description: string; action: ReactNode };
  edit: {
    heading: string;
    label: string;
    submitLabel?: string;
    schema: z.ZodType<TitleInput, TitleInput>;
    pending: boolean;
    run: (item: T, title: string) => Promise<unknown>;
  };
  remove: { explanation: string; pending: boolean; run: (item: T) => Promise<unknown> };
};

export function ManagedList<T extends Item>({ edit, remove, empty, ...list }: Props<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      <ItemList
        {...list}
        empty={<EmptyState icon={list.icon} {...empty} />}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <TitleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        heading={edit.heading}
        label={edit.label}
        submitLabel={edit.submitLabel ?? m.saveChanges}
        schema={edit.schema}
        initialTitle={editing?.title}
        pending={edit.pending}
        onSubmit={(title) => (editing ? edit.run(editing, title) : Promise.resolve())}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.title}
        description={remove.explanation}
        pending={remove.pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.run(deleting).then(
            () => setDeleting(null),
            () => setDeleting(null),
          );
        }}
      />
    </>
  );
}
