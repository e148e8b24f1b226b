// /ent/connexion: the end of a sign-in through the ENT. Trades the one-time code for a session and
// goes on to the page asked for, or the role's home (a teacher's levels, a pupil's /eleve).
import { AxiosError } from 'axios';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { entMessages, entRefusals } from '@/common/messages/ent.js';
import type { EntSessionResponse } from '@/common/schemas/ent.js';
import { AuthFrame } from '@/web/src/components/layout/auth-frame';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { buttonVariants } from '@/web/src/components/ui/button';
import { Spinner } from '@/web/src/components/ui/spinner';
import { paths } from '@/web/src/config/paths';
import { api, getErrorMessage } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { takeFragment } from '../lib/fragment';

export default function EntSessionPage() {
  const { loading, startSession } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // The code is spent by its first use: taken once, even if the effect runs twice.
  const code = useRef<string | null | undefined>(undefined);
  if (code.current === undefined) code.current = takeFragment().get('code');

  useEffect(() => {
    // After the stored session's check, so that its answer cannot overwrite this new session.
    if (loading) return;
    const value = code.current;
    code.current = null;
    if (!value) {
      setError((current) => current ?? entRefusals.expired);
      return;
    }
    api
      .post<EntSessionResponse>('auth/ent/session', { code: value })
      .then(({ data }) => {
        if (!startSession(data, data.next)) setError(entRefusals.invalid);
      })
      .catch((failure: unknown) =>
        setError(
          failure instanceof AxiosError ? getErrorMessage(failure, entRefusals.expired) : entRefusals.expired,
        ),
      );
  }, [loading, startSession]);

  return (
    <AuthFrame subtitle={error ? entMessages.refusedTitle : entMessages.signingIn}>
      {error ? (
        <div className="flex flex-col gap-4">
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
          <Link to={paths.login.getHref()} className={buttonVariants({ variant: 'outline' })}>
            {entMessages.backToSignIn}
          </Link>
        </div>
      ) : (
        <div role="status" className="flex items-center justify-center gap-3 text-sm text-muted-foreground">
          <Spinner className="size-5" label={null} />
          <span>{entMessages.signingIn}</span>
        </div>
      )}
    </AuthFrame>
  );
}
