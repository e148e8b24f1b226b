// A new password typed twice (the page behind a sign-in link, a teacher's options): the state of the
// two fields, checked by checkNewPassword, and the fields with its messages under each.
import { useState } from 'react';
import { ownAccountMessages as m } from '@/common/messages/account-access.js';
import { checkNewPassword } from '@/common/schemas/account-access.js';
import { PasswordField } from './password-input';

export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof checkNewPassword>>({});
  return {
    password,
    confirmation,
    errors,
    setPassword,
    setConfirmation,
    /** Shows what is wrong under the fields; true when the password can be sent. */
    check: () => {
      const found = checkNewPassword(password, confirmation);
      setErrors(found);
      return !found.password && !found.confirmation;
    },
    /** Empties both fields once the password is saved. */
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

export function NewPasswordFields({ state }: { state: ReturnType<typeof useNewPassword> }) {
  return (
    <>
      <PasswordField
        label={m.newPasswordLabel}
        hint={m.passwordHint}
        error={state.errors.password}
        name="new-password"
        value={state.password}
        onChange={state.setPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label={m.confirmPasswordLabel}
        error={state.errors.confirmation}
        name="confirm-password"
        value={state.confirmation}
        onChange={state.setConfirmation}
        autoComplete="new-password"
      />
    </>
  );
}
