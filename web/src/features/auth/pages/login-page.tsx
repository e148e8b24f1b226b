// Sign-in screen (SPEC §2 /login): logo badge, product title, form; signed-in visitors go to their home.
import { Navigate } from 'react-router';
import { authMessages } from '../../../../../common/messages/auth.js';
import { Card, CardContent } from '../../../components/ui/card';
import { LogoMark, PRODUCT_NAME } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { getHomePath, useAuth } from '../../../lib/auth';
import { useTabTitle } from '../../../lib/use-tab-title';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const { user, loading } = useAuth();
  useTabTitle(authMessages.signIn);

  if (loading) {
    return (
      <div
        role="status"
        className="flex min-h-dvh items-center justify-center gap-3 bg-background text-sm text-muted-foreground"
      >
        <Spinner className="size-5" label={null} />
        <span>{authMessages.loading}</span>
      </div>
    );
  }

  if (user) return <Navigate to={getHomePath(user.role)} replace />;

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
          <p className="mt-2 text-sm text-muted-foreground">{authMessages.signInSubtitle}</p>
        </div>
        <Card className="shadow-lg shadow-slate-900/5">
          <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">
            <LoginForm />
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-xs text-muted-foreground">{authMessages.tagline}</p>
      </div>
    </main>
  );
}
