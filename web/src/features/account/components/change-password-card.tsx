// A teacher's password change: the current password, then the new one twice. The server ends the
// other sessions; this one stays.
import { type FormEvent, useState } from 'react';
import { ownAccountMessages as m } from '@/common/messages/account-access.js';
import { Button } from '@/web/src/components/ui/button';
import { Card, CardContent, CardHeading } from '@/web/src/components/ui/card';
import { NewPasswordFields, useNewPassword } from '@/web/src/components/ui/new-password-fields';
import { PasswordField } from '@/web/src/components/ui/password-input';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const newPassword = useNewPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missingCurrent = current ? undefined : m.currentRequired;
    setCurrentError(missingCurrent);
    if (!newPassword.check() || missingCurrent) return;
    change.mutate(
      { currentPassword: current, password: newPassword.password },
      {
        onSuccess: () => {
          notify.success(m.changed);
          setCurrent('');
          newPassword.clear();
        },
        onError: (error) => {
          const message = getErrorMessage(error, m.changeFailed);
          if (message === m.currentWrong) setCurrentError(message);
          else notify.error(message);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeading title={m.passwordTitle} description={m.passwordDescription} />
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex max-w-md flex-col gap-5"
          aria-label={m.passwordTitle}
        >
          <PasswordField
            label={m.currentPasswordLabel}
            error={currentError}
            name="current-password"
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
          />
          <NewPasswordFields state={newPassword} />
          <div>
            <Button type="submit" loading={change.isPending}>
              {m.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
