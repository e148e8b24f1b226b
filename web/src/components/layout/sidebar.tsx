// Admin navigation (docs/product.md#what-it-does-and-for-whom, docs/product.md#screens-and-routes): brand, links, the signed-in user, and the 70px/240px collapse toggle.

import {
  GraduationCap,
  History,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  PanelLeftClose,
  PanelLeftOpen,
  School,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '@/common/constants.js';
import { insightsMessages } from '@/common/messages/insights.js';
import { shellMessages } from '@/common/messages/ui.js';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { cn, formatRole } from '../../lib/utils';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';
import { Tooltip, TooltipContent, TooltipTrigger } from '../ui/tooltip';
import { UserAvatar } from './user-avatar';

type NavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Path prefixes of the screens that belong to this section, for the active state. */
  sections: string[];
};

const navItems: NavItem[] = [
  {
    label: shellMessages.navDashboard,
    href: paths.dashboard.getHref(),
    icon: LayoutDashboard,
    sections: ['/dashboard'],
  },
  {
    label: shellMessages.navSchools,
    href: paths.schools.getHref(),
    icon: School,
    sections: ['/schools', '/schoolform', '/schoolformedit/'],
  },
  {
    label: shellMessages.navTeachers,
    href: paths.teachers.getHref(),
    icon: GraduationCap,
    sections: ['/teachers', '/teachersform', '/teacherformedit/'],
  },
  {
    label: shellMessages.navLevels,
    href: paths.levels.getHref(),
    icon: Layers,
    sections: ['/levels', '/periode/', '/lesson/', '/session/', '/activity-preview/', '/pdf-preview/'],
  },
  // Not a spec link: under the four spec links.
  { label: insightsMessages.auditTitle, href: paths.audit.getHref(), icon: History, sections: ['/audit'] },
];

function isActive(pathname: string, item: NavItem): boolean {
  return item.sections.some((section) =>
    section.endsWith('/')
      ? pathname.startsWith(section)
      : pathname === section || pathname.startsWith(`${section}/`),
  );
}

type SidebarProps = {
  collapsed: boolean;
  onToggle?: () => void;
  /** Called after a link is followed (closes the phone drawer). */
  onNavigate?: () => void;
  className?: string;
  'data-testid'?: string;
};

export function Sidebar({ collapsed, onToggle, onNavigate, className, 'data-testid': testId }: SidebarProps) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const width = collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX;
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      data-testid={testId}
      data-collapsed={collapsed}
      aria-label={shellMessages.sidebar}
      style={{ width, minWidth: width }}
      className={cn(
        'flex h-dvh flex-col overflow-hidden border-r bg-surface transition-[width,min-width] duration-200 ease-out',
        className,
      )}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b',
          collapsed ? 'justify-center px-0' : 'px-5',
        )}
      >
        <LogoMark />
        {!collapsed && (
          <span className="truncate text-lg font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
        )}
      </div>

      <nav aria-label={shellMessages.mainNavigation} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {navItems.map((item) => {
            const active = isActive(pathname, item);
            const link = (
              <Link
                to={item.href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                aria-label={collapsed ? item.label : undefined}
                className={cn(
                  'group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                  collapsed ? 'justify-center px-0' : 'px-3',
                  active
                    ? 'bg-primary-soft text-indigo-800'
                    : 'text-slate-700 hover:bg-muted hover:text-slate-900',
                )}
              >
                <item.icon
                  className={cn(
                    'size-[18px] shrink-0',
                    active ? 'text-indigo-700' : 'text-slate-500 group-hover:text-slate-700',
                  )}
                  aria-hidden="true"
                />
                {!collapsed && <span className="truncate">{item.label}</span>}
              </Link>
            );
            return (
              <li key={item.href}>
                {collapsed ? (
                  <Tooltip>
                    <TooltipTrigger asChild>{link}</TooltipTrigger>
                    <TooltipContent side="right">{item.label}</TooltipContent>
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t p-3">
        {user && (
          <div
            className={cn(
              'mb-2 flex items-center gap-3 rounded-lg',
              collapsed ? 'justify-center' : 'px-2 py-1.5',
            )}
            data-testid="sidebar-user"
          >
            <UserAvatar firstname={user.firstname} name={user.name} className="size-8 text-xs" />
            {collapsed ? (
              <span className="sr-only">
                {user.name} ({formatRole(user.role)})
              </span>
            ) : (
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900" title={user.name}>
                  {user.name}
                </p>
                <p className="truncate text-xs text-muted-foreground">{formatRole(user.role)}</p>
              </div>
            )}
          </div>
        )}
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? shellMessages.expandSidebar : shellMessages.collapseSidebar}
            aria-expanded={!collapsed}
            className={cn(
              'flex h-9 w-full cursor-pointer items-center gap-3 rounded-lg text-sm text-slate-600 transition-colors hover:bg-muted hover:text-slate-900',
              collapsed ? 'justify-center' : 'px-3',
            )}
          >
            <ToggleIcon className="size-[18px]" aria-hidden="true" />
            {!collapsed && <span>{shellMessages.collapse}</span>}
          </button>
        )}
      </div>
    </aside>
  );
}
