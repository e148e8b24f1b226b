// A package's alert or confirm, shown by the app over the activity's frame (below the strip), in the
// teacher area's player and the admin preview: the browser's own dialogs are refused to the frame (its
// prompt would hand what is typed to the package), and the player pages relay these two
// (common/page-guard.ts). Said to be the activity's, in the app's look; a confirm has already been
// answered OK (the content could not wait).
import { MessageSquareText } from 'lucide-react';
import { useId } from 'react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button } from './ui/button';

export type ContentDialog = { kind: 'alert' | 'confirm'; text: string };

/** At most this many dialogs wait to be shown (a package could send thousands). */
const DIALOGS_MAX = 20;

/** The next list of waiting dialogs once `message` (untrusted) is heard: one more if it is one. */
export function withContentDialog(shown: ContentDialog[], message: unknown): ContentDialog[] {
  const { type, kind, text } = (message ?? {}) as { type?: unknown; kind?: unknown; text?: unknown };
  if (type !== 'player:dialog' || (kind !== 'alert' && kind !== 'confirm') || typeof text !== 'string')
    return shown;
  return shown.length < DIALOGS_MAX ? [...shown, { kind, text }] : shown;
}

type Props = { dialog: ContentDialog; activity: string; onClose: () => void };

export function ContentDialogBox({ dialog, activity, onClose }: Props) {
  const id = useId();
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-slate-950/60 p-4 backdrop-blur-[2px]">
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="w-full max-w-md overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl"
      >
        <header className="flex items-start gap-3 border-b border-slate-200 bg-slate-50 px-5 py-3">
          <MessageSquareText className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-sm font-semibold">
              {teacherAreaMessages.dialogTitle}
            </h2>
            <p className="text-xs break-words text-slate-600">{teacherAreaMessages.dialogFrom(activity)}</p>
          </div>
        </header>
        <p
          id={`${id}-text`}
          className="max-h-[50dvh] overflow-y-auto px-5 py-4 text-base break-words whitespace-pre-wrap"
        >
          {dialog.text}
        </p>
        {dialog.kind === 'confirm' && (
          <p className="px-5 text-sm text-slate-600">{teacherAreaMessages.dialogConfirmed}</p>
        )}
        <div className="flex justify-end px-5 pt-3 pb-4">
          <Button onClick={onClose} autoFocus>
            {teacherAreaMessages.dialogOk}
          </Button>
        </div>
      </section>
    </div>
  );
}
