// The strip of the app above the activity's frame: it names the activity and holds the way back.
// It is outside the frame (and the frame may not go full-screen), so no package can cover it or
// draw a page of Ardoise in its place: whatever shows below it is the activity's.
import { X } from 'lucide-react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button } from '@/web/src/components/ui/button';
import { LogoMark } from '@/web/src/components/ui/logo';

type Props = { title: string | null; onBack: () => void };

export function ActivityStrip({ title, onBack }: Props) {
  return (
    <header
      data-testid="activity-strip"
      className="flex h-12 items-center gap-3 border-b border-white/10 bg-slate-900 px-3 text-slate-100 sm:px-4"
    >
      <LogoMark className="size-7 rounded-md" />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="text-[11px] font-medium tracking-wide text-slate-400 uppercase">
          {teacherAreaMessages.stripLabel}
        </p>
        <p className="truncate text-sm font-semibold text-white">{title ?? teacherAreaMessages.activity}</p>
      </div>
      <p className="hidden text-xs whitespace-nowrap text-slate-400 md:block">
        {teacherAreaMessages.stripNote}
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={onBack}
        aria-label={teacherAreaMessages.back}
        title={teacherAreaMessages.backEscape}
        className="h-9 shrink-0 gap-1.5 rounded-full border border-white/15 bg-white/5 px-3 text-sm text-slate-100 hover:bg-white/15 hover:text-white"
      >
        <X aria-hidden="true" />
        <span className="hidden sm:inline">{teacherAreaMessages.back}</span>
      </Button>
    </header>
  );
}
