// Round avatar showing the user's initials.
import { cn, getInitials } from '../../lib/utils';

export function UserAvatar({
  firstname,
  name,
  className,
}: {
  firstname: string;
  name: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800 select-none',
        className,
      )}
      aria-hidden="true"
    >
      {getInitials(firstname, name)}
    </span>
  );
}
