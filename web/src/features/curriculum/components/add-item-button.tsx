// A curriculum screen's "add" button with the title dialog it opens. A screen shows it in its
// header and again in its empty list: each copy has its own dialog, and one at most is open.
import { Plus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Button } from '@/web/src/components/ui/button';
import { TitleDialog } from './title-dialog';

type Props = {
  /** The dialog's texts and submit, from useCurriculumItemActions' addDialog. */
  dialog: Omit<ComponentProps<typeof TitleDialog>, 'open' | 'onOpenChange' | 'pending'>;
  pending: boolean;
};

export function AddItemButton({ dialog, pending }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {dialog.heading}
      </Button>
      <TitleDialog open={open} onOpenChange={setOpen} pending={pending} {...dialog} />
    </>
  );
}
