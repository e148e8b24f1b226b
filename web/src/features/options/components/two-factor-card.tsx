// Two-factor setup (SPEC §2 /options, §9): the otpauth QR code (192 px, error correction H), the
// secret for manual entry, and the on/off toggle through auth/setup-2fa.

import { ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { QR_CODE_SIZE_PX } from '../../../../../common/constants.js';
import { adminProfileMessages } from '../../../../../common/messages/admin.js';
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
          next.twoFactorEnabled
            ? adminProfileMessages.twoFactorEnabled
            : adminProfileMessages.twoFactorDisabled,
        ),
      onError: (error) => notify.error(getErrorMessage(error, adminProfileMessages.twoFactorToggleFailed)),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h2>{adminProfileMessages.twoFactorTitle}</h2>
          </CardTitle>
          {info.data && (
            <Badge variant={enabled ? 'success' : 'secondary'} data-testid="two-factor-status">
              {enabled ? adminProfileMessages.enabled : adminProfileMessages.disabled}
            </Badge>
          )}
        </div>
        <CardDescription>{adminProfileMessages.twoFactorDescription}</CardDescription>
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
              {adminProfileMessages.twoFactorLoadFailed}
              <Button size="sm" variant="outline" onClick={() => void info.refetch()}>
                {adminProfileMessages.retry}
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
                title={adminProfileMessages.qrCodeTitle}
                marginSize={0}
              />
            </div>
            <div className="flex w-full min-w-0 flex-col gap-4">
              <div>
                <p className="text-sm font-medium text-slate-800">{adminProfileMessages.secretKey}</p>
                <code
                  className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-slate-900"
                  data-testid="two-factor-secret"
                  translate="no"
                >
                  {groupSecret(info.data.secret)}
                </code>
                <p className="mt-1 text-xs text-muted-foreground">{adminProfileMessages.secretHint}</p>
              </div>
              <div>
                <Button
                  variant={enabled ? 'outline' : 'default'}
                  loading={toggle.isPending}
                  onClick={onToggle}
                  data-testid="two-factor-toggle"
                >
                  {enabled ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                  {enabled ? adminProfileMessages.disableTwoFactor : adminProfileMessages.enableTwoFactor}
                </Button>
                {!enabled && (
                  <p className="mt-2 text-xs text-muted-foreground">{adminProfileMessages.scanFirst}</p>
                )}
              </div>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
