// Two-factor setup (SPEC §2 /options, §9): the otpauth QR code (192 px, error correction H), the
// secret for manual entry, and the on/off toggle through auth/setup-2fa.

import { ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { QR_CODE_SIZE_PX } from '../../../../../common/constants.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useTwoFactorInfo } from '../api/get-two-factor-info';
import { useToggleTwoFactor } from '../api/toggle-two-factor';

/** The secret in groups of four, easier to type into an authenticator app. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorCard() {
  const info = useTwoFactorInfo();
  const toggle = useToggleTwoFactor();
  const enabled = info.data?.twoFactorEnabled ?? false;

  useEffect(() => {
    if (info.error) console.error('Failed to load two-factor info', info.error);
  }, [info.error]);

  const onToggle = () =>
    toggle.mutate(undefined, {
      onSuccess: (next) =>
        notify.success(
          next.twoFactorEnabled ? 'Two-factor authentication enabled' : 'Two-factor authentication disabled',
        ),
      onError: (error) =>
        notify.error(getErrorMessage(error, 'Failed to change two-factor authentication. Please try again.')),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h2>Two-factor authentication</h2>
          </CardTitle>
          {info.data && (
            <Badge variant={enabled ? 'success' : 'secondary'} data-testid="two-factor-status">
              {enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          )}
        </div>
        <CardDescription>
          Scan the QR code with an authenticator app (Google Authenticator, Aegis, 1Password…). Once enabled,
          sign-in asks for the 6-digit code it shows.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {info.isPending ? (
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <Skeleton className="size-[208px] rounded-lg" />
            <div className="flex w-full flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-6 w-full max-w-xs" />
            </div>
          </div>
        ) : info.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
              The two-factor settings could not be loaded.
              <Button size="sm" variant="outline" onClick={() => void info.refetch()}>
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
            <div className="rounded-lg border bg-white p-2" data-testid="two-factor-qr">
              <QRCodeSVG
                value={info.data.otpauthUrl}
                size={QR_CODE_SIZE_PX}
                level="H"
                title="Two-factor authentication QR code"
                marginSize={0}
              />
            </div>
            <div className="flex w-full min-w-0 flex-col gap-4">
              <div>
                <p className="text-sm font-medium text-slate-800">Secret key</p>
                <code
                  className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-slate-900"
                  data-testid="two-factor-secret"
                >
                  {groupSecret(info.data.secret)}
                </code>
                <p className="mt-1 text-xs text-muted-foreground">Type it in if you cannot scan the code.</p>
              </div>
              <div>
                <Button
                  variant={enabled ? 'outline' : 'default'}
                  loading={toggle.isPending}
                  onClick={onToggle}
                  data-testid="two-factor-toggle"
                >
                  {enabled ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                  {enabled ? 'Disable two-factor authentication' : 'Enable two-factor authentication'}
                </Button>
                {!enabled && (
                  <p className="mt-2 text-xs text-muted-foreground">
                    Scan the code before enabling: the next sign-in will need it.
                  </p>
                )}
              </div>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
