// The compact view of an activity's package in a list: its kind badge as a button that opens the
// full summary in a dialog.
import type { ActivityItem } from '../../../../../common/schemas/curriculum.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { PackageKindBadge, PackageSummaryView, packageKindLabels } from './package-summary';

export function PackageDetailsButton({ activity }: { activity: ActivityItem }) {
  const summary = activity.package;
  if (!summary) {
    return <Badge variant="outline">Non analysé</Badge>;
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={`Paquet ${packageKindLabels[summary.kind]} : ${activity.title}`}
        >
          <PackageKindBadge summary={summary} />
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{activity.title}</DialogTitle>
          <DialogDescription>Ce que la plateforme a reconnu dans le paquet.</DialogDescription>
        </DialogHeader>
        <PackageSummaryView summary={summary} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Fermer</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
