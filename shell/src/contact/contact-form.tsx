import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CONTACT_SUCCESS_MESSAGE, contactSchema, HONEYPOT_FIELD, type ContactFormInput, type ContactSubmission } from '@cardlift/contracts';
import { Button, cn, toast } from '@cardlift/shell/ui';
import { BusinessHelpSelect } from './business-help-select';
import { contactCopy } from './contact-copy';
import { Field, TextField } from './form-field';
import { submitErrorMessage, useSubmitContact, type ContactPayload } from './use-submit-contact';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'jobTitle', 'company'] as const;

/** businessHelp starts empty: the placeholder shows and the schema refuses it until a choice is made. */
const EMPTY_FORM = { firstName: '', lastName: '', email: '', jobTitle: '', company: '', agreeToUpdates: false };

/**
 * The Talk to Sales form. Validation runs on submit, then again on every
 * change, with the schema the api uses; focus goes to the first invalid field, whose error is tied to
 * it by aria-describedby. The result is told in a notification.
 */
export function ContactForm({ className }: { className?: string }) {
  const baseId = useId();
  const fieldId = (name: string) => `${baseId}-${name}`;
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState('');
  const submit = useSubmitContact();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactSubmission>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_FORM,
  });

  const onValid = async (values: ContactSubmission) => {
    setSummary('');
    const trap = honeypotRef.current?.value ?? '';
    const payload: ContactPayload = trap ? { ...values, [HONEYPOT_FIELD]: trap } : values;
    try {
      await submit.mutateAsync(payload);
      reset(EMPTY_FORM);
      if (honeypotRef.current) honeypotRef.current.value = '';
      toast({ title: contactCopy.successTitle, description: CONTACT_SUCCESS_MESSAGE, variant: 'success' });
    } catch (error) {
      console.error('Contact form submission failed', error);
      toast({ title: contactCopy.errorTitle, description: submitErrorMessage(error), variant: 'error' });
    }
  };

  const onInvalid = (invalid: Record<string, unknown>) => setSummary(contactCopy.invalidSummary(Object.keys(invalid).length));
  const pending = submit.isPending;

  return (
    <form
      noValidate
      aria-label={contactCopy.heading}
      onSubmit={handleSubmit(onValid, onInvalid)}
      className={cn('grid gap-5 md:grid-cols-2', className)}
    >
      {TEXT_FIELDS.map((name) => {
        const copy = contactCopy.fields[name];
        return (
          <TextField
            key={name}
            id={fieldId(name)}
            label={copy.label}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={copy.autoComplete}
            error={errors[name]?.message}
            className={name === 'company' ? 'md:col-span-2' : undefined}
            {...register(name)}
          />
        );
      })}
      <Field
        id={fieldId('businessHelp')}
        label={contactCopy.businessHelp.label}
        error={errors.businessHelp?.message}
        className="md:col-span-2"
      >
        <Controller
          control={control}
          name="businessHelp"
          render={({ field }) => (
            <BusinessHelpSelect
              ref={field.ref}
              id={fieldId('businessHelp')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={contactCopy.businessHelp.placeholder}
              error={errors.businessHelp?.message}
            />
          )}
        />
      </Field>
      <div className="flex items-start gap-3 md:col-span-2">
        <input
          id={fieldId('agreeToUpdates')}
          type="checkbox"
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
