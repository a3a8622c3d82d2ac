import type { InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';
import { cn } from '@cardlift/shell/ui';

/** Classes shared by every control of the form: visible focus ring, red border when invalid. */
export const controlClass =
  'h-11 w-full rounded-button border border-neutral-400 bg-white px-3 text-sm text-ink placeholder:text-neutral-500 focus-visible:border-black focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-red-700';

export function errorId(id: string): string {
  return `${id}-error`;
}

/** The accessibility attributes linking a control to its error message. */
export function invalidProps(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined } as const;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function Field({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error: string | undefined };

/** A labelled text input; spread react-hook-form's `register(name)` onto it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ id, label, error, className, ...props }, ref) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <input ref={ref} id={id} className={cn(controlClass)} {...invalidProps(id, error)} {...props} />
    </Field>
  );
});
