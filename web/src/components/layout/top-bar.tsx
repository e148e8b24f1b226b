// Top bar of the signed-in layouts: a leading slot (menu button or brand) and the avatar menu.

import { LogOut, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { ROLE_ADMIN } from '@/common/constants.js';
import { shellMessages } from '@/common/messages/ui.js';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { formatRole } from '../../lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { UserAvatar } from './user-avatar';

function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const name = user?.name ?? '';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="cursor-pointer rounded-full transition-shadow hover:ring-4 hover:ring-indigo-100 data-[state=open]:ring-4 data-[state=open]:ring-indigo-100"
        aria-label={shellMessages.userMenu(name)}
        data-testid="user-menu-trigger"
      >
        <UserAvatar firstname={user?.firstname ?? ''} name={name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold" title={name}>
            {name}
          </span>
          {user?.role && (
            <span className="text-xs font-normal text-muted-foreground">{formatRole(user.role)}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() =>
            navigate(user?.role === ROLE_ADMIN ? paths.options.getHref() : paths.userOptions.getHref())
          }
        >
          <Settings aria-hidden="true" />
          {shellMessages.options}
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => logout()}>
          <LogOut aria-hidden="true" />
          {shellMessages.logOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A thin bar while the router loads the next page's code. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden" aria-hidden="true">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

export function TopBar({ leading }: { leading?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center justify-between gap-4 border-b bg-surface/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-surface/75 md:px-6">
      <div className="flex min-w-0 items-center gap-3">{leading}</div>
      <UserMenu />
      <NavigationProgress />
    </header>
  );
}
