// A new password typed twice (the page behind a sign-in link, a teacher's options), with the
// messages of checkNewPassword under each field.
import { ownAccountMessages as m } from '../../../../common/messages/account-access.js';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

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
      <FormField label={m.newPasswordLabel} hint={m.passwordHint} error={errors.password}>
        {(field) => (
          <PasswordInput
            {...field}
            name="new-password"
            value={password}
            onChange={(event) => onPassword(event.target.value)}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField label={m.confirmPasswordLabel} error={errors.confirmation}>
        {(field) => (
          <PasswordInput
            {...field}
            name="confirm-password"
            value={confirmation}
            onChange={(event) => onConfirmation(event.target.value)}
            autoComplete="new-password"
          />
        )}
      </FormField>
    </>
  );
}
