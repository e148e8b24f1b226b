// Admin layout: collapsible sidebar on desktop, an off-canvas drawer on phones, top bar, page outlet.

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { shellMessages } from '@/common/messages/ui.js';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';
import { Sidebar } from './sidebar';
import { MainContent, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const COLLAPSED_STORAGE_KEY = 'ardoise.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** `children` stands for the routed page (the 404 page shows inside the shell this way). */
export function AppShell({ children }: { children?: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      try {
        localStorage.setItem(COLLAPSED_STORAGE_KEY, String(!previous));
      } catch {
        // The preference then lasts for this page only.
      }
      return !previous;
    });
  }, []);

  // Any navigation (links, back button) closes the phone drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh bg-background">
      <SkipLink />
      <Sidebar
        collapsed={collapsed}
        onToggle={toggle}
        data-testid="sidebar"
        className="sticky top-0 hidden md:flex"
      />

      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/40 data-[state=open]:animate-fade-in md:hidden" />
          <DialogPrimitive.Content
            className="fixed inset-y-0 left-0 z-50 shadow-xl outline-none data-[state=open]:animate-slide-in-left md:hidden"
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">{shellMessages.navigation}</DialogPrimitive.Title>
            <Sidebar collapsed={false} onNavigate={() => setDrawerOpen(false)} data-testid="sidebar-mobile" />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          leading={
            <>
              <button
                type="button"
                onClick={() => setDrawerOpen(true)}
                aria-label={shellMessages.openNavigation}
                className="-ml-1 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-muted md:hidden"
              >
                <Menu className="size-5" aria-hidden="true" />
              </button>
              <span className="flex items-center gap-2 md:hidden">
                <LogoMark className="size-8" />
                <span className="text-base font-semibold tracking-tight">{PRODUCT_NAME}</span>
              </span>
            </>
          }
        />
        <MainContent page={children} className="md:py-8" widthClassName="max-w-7xl" />
      </div>
    </div>
  );
}

export default AppShell;
