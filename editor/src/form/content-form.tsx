/**
 * An item's form: its fields drawn from the kind's JSON schema, checked with the kind's zod schema
 * before anything is sent (nothing is saved while a field is refused), and the server's own refusal
 * (a 400 naming fields) shown on the same fields. Outcomes are said in the live region.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import type { ContentKind } from '@cardlift/contracts';
import { IdFromTitle } from './id-from-title';
import { Button } from '@cardlift/shell/ui';
import { ApiError, type FieldIssue } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { ErrorSummary } from './error-summary';
import { errorMap, FieldErrorsContext } from './field-errors';
import { emptyValue, kindJsonSchema } from './json-schema';
import { PropertyFields } from './schema-field';
import { validateItem } from './validate-item';

interface ContentFormProps {
  kind: ContentKind;
  /** The latest revision's content; a new item starts from the schema's empty values. */
  initial?: object;
  /** Sends the checked item: false when it was not saved (the screen says why); an ApiError with issues is shown on the fields. */
  onSave(item: object): Promise<boolean | void>;
  /** Further actions beside Save draft (preview, publish...). */
  children?: ReactNode;
  /** Under the actions: how the last one ended. */
  footer?: ReactNode;
  /** Every change of the fields: their values, and whether they differ from what the form started with. */
  onValuesChange?(values: FieldValues, dirty: boolean): void;
  /** A new item: its id follows its title until the person edits the id. */
  isNew?: boolean;
  /** The form refused to send (fields need attention): what to say beside the buttons. */
  onRefused?(text: string): void;
}

type Refusal = { issues: FieldIssue[]; message?: string };

export function ContentForm({ kind, initial, onSave, children, footer, onValuesChange, isNew = false, onRefused }: ContentFormProps) {
  const schema = kindJsonSchema(kind);
  const form = useForm<FieldValues>({ defaultValues: (initial ?? emptyValue(schema)) as FieldValues });
  const changed = useRef(onValuesChange);
  changed.current = onValuesChange;
  useEffect(() => {
    const { unsubscribe } = form.watch((values) => changed.current?.(values, true));
    return unsubscribe;
  }, [form]);
  const { announce } = useEditor();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusal) summary.current?.focus();
  }, [refusal]);

  const refuse = (next: Refusal) => {
    setRefusal(next);
    const count = next.issues.length;
    announce(count ? `Not saved: ${count} ${count === 1 ? 'field needs' : 'fields need'} attention.` : `Not saved: ${next.message ?? ''}`);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateItem(kind, form.getValues());
    if (!checked.ok) {
      const count = checked.issues.length;
      onRefused?.(`Not saved: ${count} ${count === 1 ? 'field needs' : 'fields need'} attention, listed at the top of the form.`);
      return refuse({ issues: checked.issues });
    }
    setSaving(true);
    try {
      const saved = await onSave(checked.item);
      setRefusal(null);
      // What was saved is the form's new starting point: leaving now loses nothing.
      if (saved !== false) {
        form.reset(form.getValues());
        changed.current?.(form.getValues(), false);
      }
    } catch (error) {
      if (error instanceof ApiError) refuse({ issues: error.issues, message: error.issues.length ? undefined : error.message });
      else refuse({ issues: [], message: 'The server could not be reached. Your changes are still here; try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormProvider {...form}>
      <FieldErrorsContext.Provider value={errorMap(refusal?.issues ?? [])}>
        <form noValidate onSubmit={submit} aria-label="Content">
          {refusal && <ErrorSummary ref={summary} title="The item was not saved" issues={refusal.issues} message={refusal.message} />}
          {isNew && <IdFromTitle kind={kind} />}
          <PropertyFields path="" schema={schema} />
          <div className="mt-8 flex flex-wrap items-end gap-3 border-t border-line py-4">
            <Button type="submit" variant="brand" disabled={saving}>
              {saving ? 'Saving…' : 'Save draft'}
            </Button>
            {children}
            {footer}
          </div>
        </form>
      </FieldErrorsContext.Provider>
    </FormProvider>
  );
}
