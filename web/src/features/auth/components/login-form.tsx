// Sign-in form (docs/product.md#screens-and-routes, docs/product.md#validation-rules, docs/product.md#error-catalogue): Email, password, optional 2FA code; validation and error texts from common/.
// Plain React state rather than react-hook-form + zod: three fields do not need them, and /login has a
// 150 KB budget (docs/product.md#business-constants-and-limits). The rule is the one of common/schemas/auth.ts, which the server applies.
import { type FormEvent, useState } from 'react';
import { authMessages } from '@/common/messages/auth.js';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import { FormField, ValueField } from '@/web/src/components/ui/form-field';
import { Input } from '@/web/src/components/ui/input';
import { OneTimeCodeInput } from '@/web/src/components/ui/one-time-code-input';
import { PasswordInput } from '@/web/src/components/ui/password-input';
import { useAuth } from '@/web/src/lib/auth';
import { notify } from '@/web/src/lib/notify';

type Invalid = { username: boolean; password: boolean };

const USERNAME_ID = 'login-username';
const PASSWORD_ID = 'login-password';

export function LoginForm() {
  const { login } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;

    const missing = { username: !username.trim(), password: !password };
    if (missing.username || missing.password) {
      setInvalid(missing);
      setError(authMessages.fillAllFields);
      document.getElementById(missing.username ? USERNAME_ID : PASSWORD_ID)?.focus();
      return;
    }

    setInvalid(null);
    setError(null);
    setSubmitting(true);
    try {
      const result = await login(username.trim(), password, token);
      if (!result.success) {
        setError(result.message);
        notify.error(result.message);
      }
    } catch {
      setError(authMessages.loginException);
      notify.error(authMessages.loginException);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={authMessages.signIn}>
      {error && (
        <Alert variant="destructive" data-testid="login-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <FormField label={authMessages.emailLabel} id={USERNAME_ID}>
        {(field) => (
          <Input
            {...field}
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid?.username || undefined}
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={authMessages.emailPlaceholder}
            autoFocus
          />
        )}
      </FormField>

      <FormField label={authMessages.passwordLabel} id={PASSWORD_ID}>
        {(field) => (
          <PasswordInput
            {...field}
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid?.password || undefined}
            required
            autoComplete="current-password"
          />
        )}
      </FormField>

      <ValueField
        input={OneTimeCodeInput}
        label={
          <>
            {authMessages.twoFactorLabel}{' '}
            <span className="font-normal text-muted-foreground">{authMessages.optional}</span>
          </>
        }
        hint={authMessages.twoFactorHint}
        id="login-token"
        name="token"
        value={token}
        onChange={setToken}
      />

      <Button type="submit" size="lg" className="mt-1 w-full" loading={submitting} data-testid="login-submit">
        {submitting ? authMessages.signingIn : authMessages.signIn}
      </Button>
    </form>
  );
}
