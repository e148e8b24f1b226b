// /ent/refus?motif=…: why a sign-in through the ENT was refused, in words, and the way back.
import { Link, useSearchParams } from 'react-router';
import { entMessages, entRefusals } from '@/common/messages/ent.js';
import { AuthFrame } from '@/web/src/components/layout/auth-frame';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { buttonVariants } from '@/web/src/components/ui/button';
import { paths } from '@/web/src/config/paths';

const reasonText = (reason: string | null): string =>
  reason && Object.hasOwn(entRefusals, reason)
    ? entRefusals[reason as keyof typeof entRefusals]
    : entRefusals.invalid;

export default function EntRefusalPage() {
  const [params] = useSearchParams();
  const reason = params.get('motif');
  return (
    <AuthFrame subtitle={entMessages.refusedTitle}>
      <div className="flex flex-col gap-4">
        <Alert variant="destructive" data-testid="ent-refusal">
          <AlertDescription>{reasonText(reason)}</AlertDescription>
        </Alert>
        <Link to={paths.login.getHref()} className={buttonVariants({ variant: 'outline' })}>
          {entMessages.backToSignIn}
        </Link>
      </div>
    </AuthFrame>
  );
}
