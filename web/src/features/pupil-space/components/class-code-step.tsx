// Step 1 of the door: the class code, in one big field (the only thing a pupil ever types).
import { type FormEvent, useState } from 'react';
import { pupilMessages } from '@/common/messages/pupils.js';
import { CLASS_CODE_LENGTH, normalizeClassCode } from '@/common/pupils.js';
import { Button } from '@/web/src/components/ui/button';

type ClassCodeStepProps = {
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
};

export function ClassCodeStep({ pending, error, onSubmit }: ClassCodeStepProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = normalizeClassCode(code);
    if (cleaned) onSubmit(cleaned);
  };
  return (
    <form onSubmit={submit} className="flex flex-col items-stretch gap-5" noValidate>
      <label htmlFor="class-code" className="text-center text-2xl font-semibold text-slate-900">
        {pupilMessages.classCodeLabel}
      </label>
      <input
        id="class-code"
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CLASS_CODE_LENGTH + 4}
        aria-describedby={error ? 'class-code-hint class-code-error' : 'class-code-hint'}
        aria-invalid={error ? true : undefined}
        className="h-20 w-full rounded-2xl border-4 border-slate-300 bg-white text-center font-mono text-4xl font-bold tracking-[0.3em] text-slate-900 uppercase shadow-sm focus-visible:border-indigo-600 focus-visible:outline-4 focus-visible:outline-indigo-300 aria-invalid:border-red-600"
      />
      <p id="class-code-hint" className="text-center text-lg text-slate-700">
        {pupilMessages.classCodeHint}
      </p>
      {error && (
        <p
          id="class-code-error"
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-center text-lg font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <Button type="submit" loading={pending} disabled={!code.trim()} className="h-16 rounded-2xl text-2xl">
        {pupilMessages.classCodeSubmit}
      </Button>
    </form>
  );
}
