// The frame of the signed-out pages (sign-in, and the end of a sign-in through the ENT): the logo
// badge, the product's name, a card.
import type { ReactNode } from 'react';
import { authMessages } from '../../../../common/messages/auth.js';
import { Card, CardContent } from '../ui/card';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';

export function AuthFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-background px-4 py-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-indigo-100/70 to-transparent"
      />
      <div className="relative w-full max-w-[400px]">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-14 rounded-2xl shadow-md" />
          <h1 className="mt-5 text-3xl font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{subtitle}</p>
        </div>
        <Card className="shadow-lg shadow-slate-900/5">
          <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">{children}</CardContent>
        </Card>
        <p className="mt-6 text-center text-xs text-muted-foreground">{authMessages.tagline}</p>
      </div>
    </main>
  );
}
