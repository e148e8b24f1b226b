// Catch-all screen (docs/product.md#screens-and-routes): 'Page Not Found' with a Back button that goes one step back. A
// signed-in user sees it inside their own layout (header, menu), so the way on is one click away.
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROLE_ADMIN, ROLE_PUPIL } from '@/common/constants.js';
import { shellMessages } from '@/common/messages/ui.js';
import AppShell from '../../components/layout/app-shell';
import TeacherAreaLayout from '../../components/layout/teacher-area-layout';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useTabTitle } from '../../lib/use-tab-title';
import SignedInProviders from './signed-in-providers';

function NotFoundContent({ fullPage }: { fullPage: boolean }) {
  const navigate = useNavigate();
  useTabTitle(shellMessages.notFoundTitle);
  const Wrapper = fullPage ? 'main' : 'div';
  return (
    <Wrapper
      className={
        fullPage
          ? 'flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center'
          : 'flex flex-col items-center px-2 py-16 text-center'
      }
      data-testid="not-found"
    >
      <p className="text-sm font-semibold tracking-widest text-indigo-700">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {shellMessages.notFoundTitle}
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">{shellMessages.notFoundText}</p>
      <Button className="mt-8" variant="outline" onClick={() => navigate(-1)}>
        <ArrowLeft aria-hidden="true" />
        {shellMessages.back}
      </Button>
    </Wrapper>
  );
}

export default function NotFoundPage() {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  // A pupil has no shell of the staff's: the page alone, with its way back.
  if (!user || user.role === ROLE_PUPIL) return <NotFoundContent fullPage />;
  const Layout = user.role === ROLE_ADMIN ? AppShell : TeacherAreaLayout;
  return (
    <SignedInProviders>
      <Layout>
        <NotFoundContent fullPage={false} />
      </Layout>
    </SignedInProviders>
  );
}
