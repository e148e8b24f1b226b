// /ent/lier: the ENT sent the email of an existing password account. Its password, typed once,
// links the two (no silent take-over by email); the session then opens.
import { AxiosError } from 'axios';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { entMessages, entRefusals } from '@/common/messages/ent.js';
import type { EntSessionResponse } from '@/common/schemas/ent.js';
import { AuthFrame } from '@/web/src/components/layout/auth-frame';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { Button, buttonVariants } from '@/web/src/components/ui/button';
import { FormField } from '@/web/src/components/ui/form-field';
import { PasswordInput } from '@/web/src/components/ui/password-input';
import { paths } from '@/web/src/config/paths';
import { api, getErrorMessage } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { notify } from '@/web/src/lib/notify';
import { takeFragment } from '../lib/fragment';

export default function EntLinkPage() {
  const { startSession } = useAuth();
  // Kept for the page's life: the fragment is wiped from the address bar at once.
  const fragment = useRef<URLSearchParams | null>(null);
  if (!fragment.current) fragment.current = takeFragment();
  const code = fragment.current.get('code');
  const account = fragment.current.get('compte') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(code ? null : entRefusals.expired);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !code) return;
    if (!password) {
      setError(entMessages.passwordRequired);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.post<EntSessionResponse>('auth/ent/link', { code, password });
      if (startSession(data, data.next)) notify.success(entMessages.linked);
    } catch (failure) {
      setError(
        failure instanceof AxiosError ? getErrorMessage(failure, entRefusals.expired) : entRefusals.expired,
      );
      setPassword('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame subtitle={entMessages.linkTitle}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={entMessages.linkTitle}>
        {account && <p className="text-sm text-slate-700">{entMessages.linkExplanation(account)}</p>}
        {error && (
          <Alert variant="destructive" data-testid="ent-link-error">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {code ? (
          <>
            <FormField label={entMessages.linkPassword}>
              {(field) => (
                <PasswordInput
                  {...field}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  autoComplete="current-password"
                  autoFocus
                />
              )}
            </FormField>
            <Button type="submit" loading={submitting}>
              {submitting ? entMessages.linkSubmitting : entMessages.linkSubmit}
            </Button>
            <p className="text-xs text-muted-foreground">{entMessages.linkForgotten}</p>
          </>
        ) : (
          <Link to={paths.login.getHref()} className={buttonVariants({ variant: 'outline' })}>
            {entMessages.backToSignIn}
          </Link>
        )}
      </form>
    </AuthFrame>
  );
}
