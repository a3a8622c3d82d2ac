/** The labelled inputs and the message box the sign-in and set-password screens share. */
import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS } from '../form/field-frame';

export function LabelledInput({ id, label, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={id} className={CONTROL_CLASS} {...props} />
    </div>
  );
}

export function FormMessage({ id, message }: { id: string; message: string | null }) {
  // Always in the page, so a screen reader hears the message when it is set.
  return (
    <div id={id} role="alert" className="mt-4 text-sm font-medium text-red-700 empty:hidden">
      {message}
    </div>
  );
}

export const AUTH_CARD_CLASS = 'mx-auto mt-16 max-w-md';

/** A named field's text in a submitted form (read from the controls, as the browser would send it). */
export function fieldText(form: HTMLFormElement, name: string): string {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement ? control.value : '';
}
