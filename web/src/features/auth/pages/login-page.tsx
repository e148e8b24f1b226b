// Sign-in screen (docs/product.md#screens-and-routes /login): logo badge, product title, form; signed-in visitors go to their home.
// When the platform signs teachers in through the GAR, the ENT button sits under the form.
import { Navigate } from 'react-router';
import { authMessages } from '@/common/messages/auth.js';
import { AuthFrame } from '@/web/src/components/layout/auth-frame';
import { Spinner } from '@/web/src/components/ui/spinner';
import { getHomePath, useAuth } from '@/web/src/lib/auth';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { EntSignInButton } from '../components/ent-sign-in-button';
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
    <AuthFrame subtitle={authMessages.signInSubtitle}>
      <LoginForm />
      <details className="mt-5 text-sm" data-testid="login-forgot">
        <summary className="cursor-pointer text-primary hover:underline">{authMessages.loginForgot}</summary>
        <p className="mt-2 text-muted-foreground">{authMessages.loginForgotHint}</p>
      </details>
      <EntSignInButton />
    </AuthFrame>
  );
}
