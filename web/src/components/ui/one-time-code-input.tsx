// The field for a two-factor code: the numeric keypad and the browser's one-time-code autofill, and
// at most the 20 characters the server's schemas accept (common/schemas/auth.ts).
import type { ComponentProps } from 'react';
import { Input } from './input';

export function OneTimeCodeInput(props: ComponentProps<'input'>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={20}
      placeholder="123456"
      className="tracking-widest"
      {...props}
    />
  );
}
