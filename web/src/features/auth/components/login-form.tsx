// Sign-in form (SPEC §2, §5, §8): Email, password, optional 2FA code; validation and error texts from common/.
// Plain React state rather than react-hook-form + zod: three fields do not need them, and /login has a
// 150 KB budget (SPEC §9). The rule is the one of common/schemas/auth.ts, which the server applies.
import { Eye, EyeOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { authMessages } from '../../../../../common/messages/auth.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';

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
  const [showPassword, setShowPassword] = useState(false);

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
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      {error && (
        <Alert variant="destructive" data-testid="login-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <FormField label="Email" id={USERNAME_ID}>
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
            placeholder="nom@ecole.fr"
            autoFocus
          />
        )}
      </FormField>

      <FormField label="Password" id={PASSWORD_ID}>
        {(field) => (
          <div className="relative">
            <Input
              {...field}
              name="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={invalid?.password || undefined}
              required
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="pr-11"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-muted hover:text-slate-800"
            >
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
        )}
      </FormField>

      <FormField
        label={
          <>
            Code (2FA) <span className="font-normal text-muted-foreground">— optional</span>
          </>
        }
        hint="Only if two-factor authentication is enabled on your account."
        id="login-token"
      >
        {(field) => (
          <Input
            {...field}
            name="token"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            placeholder="123456"
            className="tracking-widest"
          />
        )}
      </FormField>

      <Button type="submit" size="lg" className="mt-1 w-full" loading={submitting} data-testid="login-submit">
        {submitting ? authMessages.signingIn : 'Sign in'}
      </Button>
    </form>
  );
}
