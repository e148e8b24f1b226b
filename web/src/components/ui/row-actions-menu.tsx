// The "…" menu at the end of a list row: its items are given by the list; destructive ones come last,
// behind a separator. Clicks never reach the row (which opens its details).
import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

export type RowAction = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
};

type RowActionsMenuProps = {
  /** Accessible name of the trigger, e.g. `Actions for École Jean Jaurès`. */
  label: string;
  actions: RowAction[];
};

export function RowActionsMenu({ label, actions }: RowActionsMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      {/* Menu clicks bubble through the portal to the row: stop them there. */}
      <DropdownMenuContent onClick={(event) => event.stopPropagation()}>
        {actions.map(({ label: text, icon: Icon, onSelect, destructive }, index) => (
          <Fragment key={text}>
            {destructive && !actions[index - 1]?.destructive && <DropdownMenuSeparator />}
            <DropdownMenuItem variant={destructive ? 'destructive' : 'default'} onSelect={onSelect}>
              <Icon aria-hidden="true" />
              {text}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
