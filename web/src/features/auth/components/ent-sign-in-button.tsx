// "Se connecter avec mon ENT", when the platform signs teachers in through the GAR (SAML settings
// set); nothing otherwise, so the sign-in page is the spec's exactly.
import { useEffect, useState } from 'react';
import { authMessages } from '@/common/messages/auth.js';
import type { EntOptionsResponse } from '@/common/schemas/ent.js';
import { buttonVariants } from '@/web/src/components/ui/button';
import { SAML_LOGIN_URL } from '@/web/src/config/paths';
import { api } from '@/web/src/lib/api-client';

export function EntSignInButton() {
  const [saml, setSaml] = useState(false);
  useEffect(() => {
    let cancelled = false;
    api
      .get<EntOptionsResponse>('auth/ent')
      .then(({ data }) => !cancelled && setSaml(data.saml === true))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  if (!saml) return null;
  return (
    <div className="mt-5">
      <div className="mb-5 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {authMessages.orEnt}
        <span className="h-px flex-1 bg-border" />
      </div>
      <a href={SAML_LOGIN_URL} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        {authMessages.signInWithEnt}
      </a>
    </div>
  );
}
