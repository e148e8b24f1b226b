// Two-factor setup (/options: docs/product.md#screens-and-routes; its constants: docs/product.md#business-constants-and-limits) that cannot lock the admin out: off (the QR code, 192 px,
// level H, and the secret to scan; the spec's toggle switches it on), pending (sign-in does not ask
// yet: the screen waits for one code from the app), on (the secret is no longer shown; switching off
// asks for a current code).

import { ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { QR_CODE_SIZE_PX } from '@/common/constants.js';
import { twoFactorMessages as m } from '@/common/messages/two-factor.js';
import type { TwoFactorStatus } from '@/common/schemas/auth.js';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { Badge, type BadgeVariant } from '@/web/src/components/ui/badge';
import { Button } from '@/web/src/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/src/components/ui/card';
import { ValueField } from '@/web/src/components/ui/form-field';
import { LoadError } from '@/web/src/components/ui/load-error';
import { OneTimeCodeInput } from '@/web/src/components/ui/one-time-code-input';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { type TwoFactorInfo, useTwoFactorInfo } from '../api/get-two-factor-info';
import { useConfirmTwoFactor, useToggleTwoFactor } from '../api/toggle-two-factor';

/** The secret in groups of four, easier to type into an authenticator app. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const statusBadge: Record<TwoFactorStatus, { label: string; variant: BadgeVariant }> = {
  off: { label: m.statusOff, variant: 'secondary' },
  pending: { label: m.statusPending, variant: 'warning' },
  on: { label: m.statusOn, variant: 'success' },
};

export function TwoFactorCard() {
  const info = useTwoFactorInfo();

  useEffect(() => {
    if (info.error) console.error('Failed to load two-factor info', info.error);
  }, [info.error]);

  const badge = info.data ? statusBadge[info.data.status] : null;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h2>{m.title}</h2>
          </CardTitle>
          {badge && (
            <Badge variant={badge.variant} data-testid="two-factor-status">
              {badge.label}
            </Badge>
          )}
        </div>
        <CardDescription>{m.description}</CardDescription>
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
          <LoadError text={m.loadFailed} onRetry={() => void info.refetch()} />
        ) : info.data.status === 'on' ? (
          <TwoFactorOn />
        ) : (
          <TwoFactorSetup info={info.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** Off or pending: the code to scan, then the toggle (off) or the first code (pending). */
function TwoFactorSetup({ info }: { info: TwoFactorInfo }) {
  const toggle = useToggleTwoFactor();
  const pending = info.status === 'pending';

  const onToggle = () =>
    toggle.mutate(undefined, {
      onSuccess: (next) => notify.success(next.status === 'pending' ? m.pendingToast : m.cancelledToast),
      onError: (error) => notify.error(getErrorMessage(error, m.changeFailed)),
    });

  return (
    <div className="flex flex-col gap-6">
      {pending && (
        <Alert data-testid="two-factor-waiting">
          <AlertDescription>{m.waiting}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="rounded-lg border bg-white p-2" data-testid="two-factor-qr">
          <QRCodeSVG
            value={info.otpauthUrl}
            size={QR_CODE_SIZE_PX}
            level="H"
            title={m.qrCodeTitle}
            marginSize={0}
          />
        </div>
        <div className="flex w-full min-w-0 flex-col gap-4">
          <div>
            <p className="text-sm font-medium text-slate-800">{m.secretKey}</p>
            <code
              className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-slate-900"
              data-testid="two-factor-secret"
              translate="no"
            >
              {groupSecret(info.secret)}
            </code>
            <p className="mt-1 text-xs text-muted-foreground">{m.secretHint}</p>
          </div>
          {pending ? (
            <CodeForm
              label={m.codeLabel}
              submitLabel={m.confirm}
              icon={<ShieldCheck aria-hidden="true" />}
              action="confirm"
              secondary={
                <Button variant="ghost" loading={toggle.isPending} onClick={onToggle} type="button">
                  {m.cancel}
                </Button>
              }
            />
          ) : (
            <div>
              <Button loading={toggle.isPending} onClick={onToggle} data-testid="two-factor-toggle">
                <ShieldCheck aria-hidden="true" />
                {m.enable}
              </Button>
              <p className="mt-2 text-xs text-muted-foreground">{m.scanFirst}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function TwoFactorOn() {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{m.onDescription}</p>
      <CodeForm
        label={m.currentCodeLabel}
        submitLabel={m.disable}
        icon={<ShieldOff aria-hidden="true" />}
        action="disable"
        variant="outline"
      />
    </div>
  );
}

type CodeFormProps = {
  label: string;
  submitLabel: string;
  icon: ReactNode;
  /** confirm: the first code of a pending secret; disable: a current code to switch off. */
  action: 'confirm' | 'disable';
  variant?: 'default' | 'outline';
  secondary?: ReactNode;
};

/** A 6-digit code and its button; the server's refusal shows under the field. */
function CodeForm({ label, submitLabel, icon, action, variant = 'default', secondary }: CodeFormProps) {
  const confirm = useConfirmTwoFactor();
  const toggle = useToggleTwoFactor();
  const mutation = action === 'confirm' ? confirm : toggle;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(action === 'confirm' ? m.codeRequired : m.codeToDisable);
      return;
    }
    setError(undefined);
    mutation.mutate(code.trim(), {
      onSuccess: () => notify.success(action === 'confirm' ? m.confirmedToast : m.disabledToast),
      onError: (failure) => setError(getErrorMessage(failure, m.changeFailed)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-labelledby={`${formId}-submit`}>
      <ValueField
        input={OneTimeCodeInput}
        label={label}
        error={error}
        className="max-w-xs"
        name="code"
        value={code}
        onChange={setCode}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" id={`${formId}-submit`} variant={variant} loading={mutation.isPending}>
          {icon}
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
