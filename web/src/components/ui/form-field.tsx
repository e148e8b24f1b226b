// Label + control + hint + error, with ids and aria-describedby/aria-invalid wired for the control.
import { type ComponentProps, type ComponentType, type ReactNode, useId } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type FormFieldProps = {
  label: ReactNode;
  /** Renders the control with the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
};

export function FormField({ label, children, error, hint, required, id, className }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type ValueFieldProps = Omit<FormFieldProps, 'children'> & {
  /** The control: Input, PasswordInput, OneTimeCodeInput… */
  input: ComponentType<ComponentProps<'input'>>;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
};

/** A labelled input whose value the form keeps in its state. */
export function ValueField({
  label,
  hint,
  error,
  required,
  id,
  className,
  input: Control,
  onChange,
  ...inputProps
}: ValueFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(field) => <Control {...field} {...inputProps} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}
