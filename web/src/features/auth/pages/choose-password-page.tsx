// The page behind a one-time sign-in link: the token follows '#' in the URL (so it never
// reaches a server log); the page says whose account it opens, takes a new password typed twice,
// then signs the teacher in with it like the login form does.
import { AxiosError } from 'axios';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatLinkExpiry, signInLinkMessages as m } from '@/common/messages/account-access.js';
import type { SignInLinkInfo } from '@/common/schemas/account-access.js';
import { AuthShell } from '@/web/src/components/layout/auth-frame';
import { Alert, AlertDescription, AlertTitle } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import { PRODUCT_NAME } from '@/web/src/components/ui/logo';
import { NewPasswordFields, useNewPassword } from '@/web/src/components/ui/new-password-fields';
import { Spinner } from '@/web/src/components/ui/spinner';
import { paths } from '@/web/src/config/paths';
import { api, getErrorMessage } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';

type LinkState = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'ready'; info: SignInLinkInfo };

const tokenFromUrl = () => window.location.hash.replace(/^#/, '');

function useLink(token: string): LinkState {
  const [state, setState] = useState<LinkState>(token ? { kind: 'checking' } : { kind: 'invalid' });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    api
      .post<SignInLinkInfo>('auth/sign-in-link', { token })
      .then(({ data }) => !cancelled && setState({ kind: 'ready', info: data }))
      .catch(() => !cancelled && setState({ kind: 'invalid' }));
    return () => {
      cancelled = true;
    };
  }, [token]);
  return state;
}

export default function ChoosePasswordPage() {
  const [token] = useState(tokenFromUrl);
  const link = useLink(token);

  return (
    <AuthShell
      widthClass="max-w-[420px]"
      heading={
        <>
          <p className="mt-5 text-lg font-semibold text-slate-900">{PRODUCT_NAME}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{m.pageTitle}</h1>
        </>
      }
    >
      {link.kind === 'checking' ? (
        <div role="status" className="flex items-center justify-center gap-3 text-sm text-muted-foreground">
          <Spinner className="size-5" label={null} />
          {m.checking}
        </div>
      ) : link.kind === 'invalid' ? (
        <div className="flex flex-col gap-5">
          <Alert variant="destructive" data-testid="sign-in-link-invalid">
            <AlertTitle>{m.invalidTitle}</AlertTitle>
            <AlertDescription>{m.invalid}</AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link to={paths.login.getHref()}>{m.toLogin}</Link>
          </Button>
        </div>
      ) : (
        <ChoosePasswordForm token={token} info={link.info} />
      )}
    </AuthShell>
  );
}

function ChoosePasswordForm({ token, info }: { token: string; info: SignInLinkInfo }) {
  const { login } = useAuth();
  const newPassword = useNewPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newPassword.check() || submitting) return;
    setServerError(null);
    setSubmitting(true);
    try {
      await api.post('auth/sign-in-link/password', { token, password: newPassword.password });
      // Signed in like the login form: session stored, toast, the role's home page.
      const result = await login(info.email, newPassword.password);
      if (!result.success) setServerError(result.message);
    } catch (error) {
      setServerError(
        error instanceof AxiosError && error.response?.status === 404
          ? m.invalid
          : getErrorMessage(error, m.invalid),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={m.pageTitle}>
      <p className="text-sm text-slate-700">
        {m.pageGreeting(info.firstname)} {m.pageIntro(info.email)}
        <span className="mt-1 block text-xs text-muted-foreground">
          {m.pageExpiry(formatLinkExpiry(info.expiresAt))}
        </span>
      </p>
      {serverError && (
        <Alert variant="destructive" data-testid="sign-in-link-error">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      {/* The account's email, for password managers to save the new password under. */}
      <input type="email" name="username" value={info.email} autoComplete="username" readOnly hidden />
      <NewPasswordFields state={newPassword} />
      <Button type="submit" size="lg" className="mt-1 w-full" loading={submitting}>
        {m.submit}
      </Button>
    </form>
  );
}
