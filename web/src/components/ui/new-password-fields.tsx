// A new password typed twice (the page behind a sign-in link, a teacher's options), with the
// messages of checkNewPassword under each field.
import { ownAccountMessages as m } from '../../../../common/messages/account-access.js';
import { PasswordField } from './password-input';

type Props = {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string; confirmation?: string };
};

export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation, errors }: Props) {
  return (
    <>
      <PasswordField
        label={m.newPasswordLabel}
        hint={m.passwordHint}
        error={errors.password}
        name="new-password"
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label={m.confirmPasswordLabel}
        error={errors.confirmation}
        name="confirm-password"
        value={confirmation}
        onChange={onConfirmation}
        autoComplete="new-password"
      />
    </>
  );
}
