// A one-time sign-in link, shown to the admin once (it is not kept anywhere on this side): copy it,
// see when it ends and whether it also left by email.
import { Copy, Mail, MailX } from 'lucide-react';
import { useRef } from 'react';
import { formatLinkExpiry, signInLinkMessages as m } from '@/common/messages/account-access.js';
import type { SignInLink } from '@/common/schemas/account-access.js';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/src/components/ui/dialog';
import { Input } from '@/web/src/components/ui/input';
import { Label } from '@/web/src/components/ui/label';
import { notify } from '@/web/src/lib/notify';

export type ShownLink = { name: string; link: SignInLink };

type Props = { shown: ShownLink | null; onClose: () => void };

export function SignInLinkDialog({ shown, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);

  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notify.success(m.copied),
      () => {
        input.current?.select();
        notify.error(m.copyFailed);
      },
    );

  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid="sign-in-link-dialog">
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle>{m.dialogTitle(shown.name)}</DialogTitle>
              <DialogDescription>
                {m.dialogDescription(formatLinkExpiry(shown.link.expiresAt))}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-2">
              <Label htmlFor="sign-in-link-url">{m.linkLabel}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={input}
                  id="sign-in-link-url"
                  readOnly
                  value={shown.link.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-xs"
                />
                <Button type="button" onClick={() => void copy(shown.link.url)} className="shrink-0">
                  <Copy aria-hidden="true" />
                  {m.copy}
                </Button>
              </div>
            </div>
            <Alert
              variant={shown.link.email?.sent ? 'success' : 'default'}
              icon={false}
              data-testid="sign-in-link-email"
            >
              <AlertDescription className="flex items-start gap-2">
                {shown.link.email?.sent ? (
                  <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <MailX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                )}
                {shown.link.email === null
                  ? m.noEmail
                  : shown.link.email.sent
                    ? m.emailSent(shown.link.email.to)
                    : m.emailFailed(shown.link.email.to)}
              </AlertDescription>
            </Alert>
            <DialogFooter>
              <Button onClick={onClose}>{m.done}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
