// App-wide providers: auth and toasts (docs/product.md#business-constants-and-limits interface timings).
// The query cache and tooltips live in routes/signed-in-providers.tsx, loaded with the signed-in
// screens: /login needs neither, and its initial JS has a 150 KB budget.

import type { ReactNode } from 'react';
import { shellMessages } from '@/common/messages/ui.js';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../lib/auth';
import { router } from './router';

const TOAST_DURATION_MS = 4500;
const MAX_VISIBLE_TOASTS = 3;
// Bottom right, away from the top bar: the avatar menu opens below it, and a toast there covered it.
const TOAST_OFFSET = { bottom: 16, right: 16 };
const TOAST_MOBILE_OFFSET = { bottom: 16, left: 16, right: 16 };

// Auth sits above the router (it outlives route changes), so it navigates through the router object.
const navigate = (to: string) => {
  return router.navigate(to, { replace: true });
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <AuthProvider navigate={navigate}>{children}</AuthProvider>
      <Toaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={MAX_VISIBLE_TOASTS}
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        richColors
        closeButton
        containerAriaLabel={shellMessages.notifications}
        // A toast is about the screen, never part of what is printed (the sign-in cards: a toast
        // shown when the teacher prints would land on the paper).
        className="print:hidden"
        toastOptions={{ closeButtonAriaLabel: shellMessages.closeNotification }}
        // Shown side by side rather than stacked: stacked toasts are faded, and faded text fails
        // the contrast the others meet.
        expand
      />
    </>
  );
}
