// Catch-all screen (SPEC §2): 'Page Not Found' with a Back button that goes one step back.

import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { shellMessages } from '../../../../common/messages/ui.js';
import { Button } from '../../components/ui/button';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-indigo-700">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {shellMessages.notFoundTitle}
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">{shellMessages.notFoundText}</p>
      <Button className="mt-8" variant="outline" onClick={() => navigate(-1)}>
        <ArrowLeft aria-hidden="true" />
        {shellMessages.back}
      </Button>
    </main>
  );
}
