// A teacher's password change: the current password, then the new one twice. The server ends the
// other sessions; this one stays.
import { type FormEvent, useState } from 'react';
import { ownAccountMessages as m } from '../../../../../common/messages/account-access.js';
import { checkNewPassword } from '../../../../../common/schemas/account-access.js';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeading } from '../../../components/ui/card';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { PasswordField } from '../../../components/ui/password-input';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

type Errors = { current?: string; password?: string; confirmation?: string };

export function ChangePasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {
      ...(current ? {} : { current: m.currentRequired }),
      ...checkNewPassword(password, confirmation),
    };
    setErrors(found);
    if (found.current || found.password || found.confirmation) return;
    change.mutate(
      { currentPassword: current, password },
      {
        onSuccess: () => {
          notify.success(m.changed);
          setCurrent('');
          setPassword('');
          setConfirmation('');
        },
        onError: (error) => {
          const message = getErrorMessage(error, m.changeFailed);
          if (message === m.currentWrong) setErrors({ current: message });
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
            error={errors.current}
            name="current-password"
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={errors}
          />
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
