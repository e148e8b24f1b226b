// Providers only the signed-in screens need, loaded with them so that /login stays within its 150 KB
// budget (docs/product.md#business-constants-and-limits): the server-state cache and Radix tooltips (which bring the popper engine).
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { TooltipProvider } from '../../components/ui/tooltip';
import { loadSonner } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { rootKeys } from '../../lib/query-keys';

// docs/product.md#business-constants-and-limits interface timings.
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export default function SignedInProviders({ children }: { children?: ReactNode }) {
  // Leaving the signed-in area (logout, expired session) drops cached data, so the next user
  // of this tab never sees the previous one's. The client config (where the content origin is)
  // is nobody's and stays: the next pupil on a tablet whose network is cut still plays
  // (docs/pupils.md#hors-ligne).
  useEffect(
    () => () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== rootKeys.config[0] }),
    [],
  );

  // Signed-in screens toast often, so the Toaster is made ready now.
  useEffect(() => {
    void loadSonner();
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children ?? <Outlet />}
      </TooltipProvider>
    </QueryClientProvider>
  );
}
