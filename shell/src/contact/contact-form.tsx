import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CONTACT_FORM_ID,
  CONTACT_SUCCESS_MESSAGE,
  CONTACT_TEXT_FIELDS,
  contactSchema,
  EMPTY_CONTACT_ENTRIES,
  HONEYPOT_FIELD,
  type ContactEntryField,
  type ContactFormInput,
  type ContactFormState,
  type ContactSubmission,
} from '@cardlift/contracts';
import { useLocation } from '@cardlift/shell/router';
import { Button, cn, toast } from '@cardlift/shell/ui';
import { useHydrating } from '../ui/use-hydrating';
import { BusinessHelpSelect, NativeBusinessHelpSelect } from './business-help-select';
import { ContactConfirmation } from './contact-confirmation';
import { contactCopy } from './contact-copy';
import { Field, TextField } from './form-field';
import { submitErrorMessage, unsentMessage, useSubmitContact, type ContactPayload } from './use-submit-contact';

/** What the form holds after a submit: businessHelp empty again, so the placeholder shows. */
const EMPTY_FORM = { firstName: '', lastName: '', email: '', jobTitle: '', company: '', agreeToUpdates: false };

/**
 * The Talk to Sales form. The server renders it as a plain form that posts to the page it is on (the
 * api answers; see api/src/leads/contact-form.router.ts); hydrated, it validates on submit, then again
 * on every change, with the schema the api uses, focuses the first invalid field (its error tied to it
 * by aria-describedby), and tells the result in a notification and a confirmation that stays.
 * No default values: react-hook-form reads each control's value from the page when it registers it,
 * so whatever was typed before the code arrived is kept.
 */
export function ContactForm({ state, className }: { state?: ContactFormState; className?: string }) {
  const baseId = useId();
  const { pathname } = useLocation();
  const fieldId = (name: string) => `${baseId}-${name}`;
  const honeypotRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const invalid = state?.status === 'invalid' ? state : undefined;
  const entries = invalid?.entries ?? EMPTY_CONTACT_ENTRIES;
  // Messages of a post the api refused, shown until the field changes or the form is sent again.
  const [serverErrors, setServerErrors] = useState(invalid?.errors ?? {});
  const [formError, setFormError] = useState(invalid?.formError);
  const [summary, setSummary] = useState(invalid ? contactCopy.invalidSummary(Object.keys(invalid.errors).length) : '');
  const [sentHere, setSentHere] = useState(0);
  // The browser's own select until the form has hydrated: it is what the server drew.
  const native = useHydrating();
  const submit = useSubmitContact();
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<ContactFormInput, unknown, ContactSubmission>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (sentHere > 0) confirmationRef.current?.focus();
  }, [sentHere]);

  const errorOf = (name: ContactEntryField) => errors[name]?.message ?? (isSubmitted ? undefined : serverErrors[name]);
  // A field the api refused is checked again as it changes, like every field after a submit.
  const recheck = (name: ContactEntryField) => {
    if (isSubmitted || !(name in serverErrors)) return;
    setServerErrors(({ [name]: _changed, ...rest }) => rest);
    void trigger(name);
  };

  // A refused post's messages are about what was sent. A field corrected before this code ran was
  // typed into with no listener to hear it: checked again now, as it would have been on its change.
  useEffect(() => {
    for (const name of Object.keys(serverErrors) as ContactEntryField[]) {
      if (String(getValues(name) ?? '') !== entries[name]) recheck(name);
    }
    // Once, on the values the page held when the form hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onValid = async (values: ContactSubmission) => {
    setSummary('');
    setFormError(undefined);
    const trap = honeypotRef.current?.value ?? '';
    const payload: ContactPayload = trap ? { ...values, [HONEYPOT_FIELD]: trap } : values;
    try {
      await submit.mutateAsync(payload);
      reset(EMPTY_FORM);
      if (honeypotRef.current) honeypotRef.current.value = '';
      setSentHere((count) => count + 1);
      toast({ title: contactCopy.successTitle, description: CONTACT_SUCCESS_MESSAGE, variant: 'success' });
    } catch (error) {
      console.error('Contact form submission failed', error);
      // Nothing was stored: the form says so where it stays in view, and keeps every entry.
      setFormError(unsentMessage(error));
      toast({ title: contactCopy.errorTitle, description: submitErrorMessage(error), variant: 'error' });
    }
  };

  const onInvalid = (invalidFields: Record<string, unknown>) => {
    setFormError(undefined);
    setSummary(contactCopy.invalidSummary(Object.keys(invalidFields).length));
  };
  const pending = submit.isPending;
  // Over the limit no field is wrong: the first one still brings the form, and its message, into view.
  const firstInvalid = invalid && ([...CONTACT_TEXT_FIELDS, 'businessHelp' as const].find((name) => invalid.errors[name]) ?? 'firstName');
  // Without script, the first field to fix has focus (and is in view) when the page arrives. Only in the server's HTML:
  // hydrating it later must not pull focus back from a field the visitor has moved on to.
  const autoFocus = (name: ContactEntryField) => typeof document === 'undefined' && name === firstInvalid;
  const helpId = fieldId('businessHelp');

  return (
    <form
      id={CONTACT_FORM_ID}
      method="post"
      // The page's own path, without the `#contact` a visitor may have come in on: a page answered at
      // an address with a fragment skips autofocus, which puts a refused post's first field in view.
      action={pathname}
      noValidate
      aria-label={contactCopy.heading}
      onSubmit={handleSubmit(onValid, onInvalid)}
      className={cn('grid gap-5 md:grid-cols-2', className)}
    >
      {(sentHere > 0 || state?.status === 'sent') && <ContactConfirmation ref={confirmationRef} />}
      {CONTACT_TEXT_FIELDS.map((name) => {
        const copy = contactCopy.fields[name];
        return (
          <TextField
            key={name}
            id={fieldId(name)}
            label={copy.label}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={copy.autoComplete}
            error={errorOf(name)}
            className={name === 'company' ? 'md:col-span-2' : undefined}
            defaultValue={entries[name]}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- server HTML only: the first field to fix after a refused post
            autoFocus={autoFocus(name)}
            {...register(name, { onChange: () => recheck(name) })}
          />
        );
      })}
      <Field id={helpId} label={contactCopy.businessHelp.label} error={errorOf('businessHelp')} className="md:col-span-2">
        {native ? (
          <NativeBusinessHelpSelect
            id={helpId}
            placeholder={contactCopy.businessHelp.placeholder}
            error={errorOf('businessHelp')}
            defaultValue={entries.businessHelp}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- server HTML only, as for the text fields
            autoFocus={autoFocus('businessHelp')}
            {...register('businessHelp', { onChange: () => recheck('businessHelp') })}
          />
        ) : (
          <Controller
            control={control}
            name="businessHelp"
            render={({ field }) => (
              <BusinessHelpSelect
                ref={field.ref}
                id={helpId}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  recheck('businessHelp');
                }}
                onBlur={field.onBlur}
                placeholder={contactCopy.businessHelp.placeholder}
                error={errorOf('businessHelp')}
              />
            )}
          />
        )}
      </Field>
      <div className="flex items-start gap-3 md:col-span-2">
        <input
          id={fieldId('agreeToUpdates')}
          type="checkbox"
          defaultChecked={entries.agreeToUpdates}
          className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          {...register('agreeToUpdates')}
        />
        <label htmlFor={fieldId('agreeToUpdates')} className="text-sm text-muted">
          {contactCopy.agreeToUpdates}
        </label>
      </div>
      {/* Off-screen rather than display:none, which simple bots skip; hidden from people and assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>{contactCopy.honeypotLabel}</label>
        <input
          ref={honeypotRef}
          id={fieldId(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="md:col-span-2">
        {formError && (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" disabled={pending} className="w-full md:w-auto">
          {pending ? contactCopy.submitting : contactCopy.submit}
        </Button>
        <p role="status" aria-live="polite" className="sr-only">
          {summary}
        </p>
      </div>
    </form>
  );
}
