// The frame of the signed-out pages (sign-in, the end of a sign-in through the ENT, the page behind a
// sign-in link): the logo badge, the texts under it, a card.
import type { ReactNode } from 'react';
import { authMessages } from '@/common/messages/auth.js';
import { Card, CardContent } from '../ui/card';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';

type AuthShellProps = {
  /** The column's width, a Tailwind class. */
  widthClass: string;
  /** The texts under the logo badge. */
  heading: ReactNode;
  /** What follows the card, if anything. */
  footer?: ReactNode;
  children: ReactNode;
};

export function AuthShell({ widthClass, heading, footer, children }: AuthShellProps) {
  return (
    <main className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-background px-4 py-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-indigo-100/70 to-transparent"
      />
      <div className={`relative w-full ${widthClass}`}>
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-14 rounded-2xl shadow-md" />
          {heading}
        </div>
        <Card className="shadow-lg shadow-slate-900/5">
          <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">{children}</CardContent>
        </Card>
        {footer}
      </div>
    </main>
  );
}

/** The product's name as the page's heading, a subtitle, and the tagline under the card. */
export function AuthFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <AuthShell
      widthClass="max-w-[400px]"
      heading={
        <>
          <h1 className="mt-5 text-3xl font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{subtitle}</p>
        </>
      }
      footer={<p className="mt-6 text-center text-xs text-muted-foreground">{authMessages.tagline}</p>}
    >
      {children}
    </AuthShell>
  );
}
