// A password field with a show/hide toggle, for the sign-in and account forms.

import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { cn } from '../../lib/utils';
import { ValueField } from './form-field';
import { Input } from './input';

export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pr-11', className)} />
      <button
        type="button"
        onClick={() => setShown((value) => !value)}
        aria-label={shown ? uiMessages.hidePassword : uiMessages.showPassword}
        aria-pressed={shown}
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-muted hover:text-slate-800"
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

type PasswordFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
};

/** A labelled password field whose value the form keeps in its state. */
export function PasswordField(props: PasswordFieldProps) {
  return <ValueField input={PasswordInput} {...props} />;
}
