// The router's error screen (docs/product.md#screens-and-routes): 'Unexpected Application Error!' and what went wrong.

import { AlertTriangle, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { shellMessages } from '@/common/messages/ui.js';
import { Button } from '../../components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return shellMessages.unknownError;
}

export function RouteError() {
  const error = useRouteError();
  console.error(error);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-6">
      <div className="w-full max-w-lg rounded-xl border bg-surface p-8 shadow-card">
        <div className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-700">
          <AlertTriangle className="size-5" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">
          {shellMessages.errorTitle}
        </h1>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm whitespace-pre-wrap text-red-800">
          {describe(error)}
        </pre>
        <div className="mt-6 flex gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" />
            {shellMessages.reload}
          </Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            {shellMessages.home}
          </Button>
        </div>
      </div>
    </main>
  );
}
