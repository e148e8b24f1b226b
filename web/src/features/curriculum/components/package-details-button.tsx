// The compact view of an activity's package in a list: its kind badge as a button that opens the
// full summary in a dialog.
import { curriculumMessages as m, packageKindNames } from '@/common/messages/curriculum.js';
import type { ActivityItem } from '@/common/schemas/curriculum.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Button } from '@/web/src/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/web/src/components/ui/dialog';
import { DialogFrame } from '@/web/src/components/ui/dialog-frame';
import { PackageKindBadge, PackageSummaryView } from './package-summary';

export function PackageDetailsButton({ activity }: { activity: ActivityItem }) {
  const summary = activity.package;
  if (!summary) {
    return <Badge variant="outline">{m.notAnalysed}</Badge>;
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={m.packageButtonLabel(packageKindNames[summary.kind], activity.title)}
        >
          <PackageKindBadge summary={summary} />
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogFrame
          title={activity.title}
          description={m.packageDetailsDescription}
          actions={
            <DialogClose asChild>
              <Button variant="outline">{m.close}</Button>
            </DialogClose>
          }
        >
          <PackageSummaryView summary={summary} />
        </DialogFrame>
      </DialogContent>
    </Dialog>
  );
}
