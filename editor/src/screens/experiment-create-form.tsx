/**
 * A publisher's new experiment on one content item: the control is the item's published revision,
 * the variant a saved draft revision of the same item (its number from the item's history). The
 * planner shows, as the rates are typed, the visitors each arm needs, asked of the api, which plans
 * the experiment on the same figure. The plan is checked with the contracts' schema before it is
 * sent; refusals (here or from the api) are listed in an alert that takes focus.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONTENT_KINDS, experimentCreateSchema, type ExperimentCreateInput } from '@cardlift/contracts';
import { Button } from '@cardlift/shell/ui';
import { ApiError } from '../api/editor-client';
import { CONTROL_CLASS } from '../form/field-frame';
import { useEditor } from '../editor-context';

interface Fields {
  id: string;
  kind: string;
  itemId: string;
  revision: string;
  baselinePercent: string;
  liftPercent: string;
  plannedDays: string;
}

const LABELS: Record<keyof Fields, string> = {
  id: 'Experiment id',
  kind: 'Content kind',
  itemId: 'Item id',
  revision: 'Variant B: draft revision number',
  baselinePercent: 'Control lead rate per visitor (%)',
  liftPercent: 'Smallest lift worth finding (%)',
  plannedDays: 'Planned length (days)',
};

/** The schema's field each form field becomes (an issue on `variants` belongs to the revision). */
const FIELD_OF: Record<string, keyof Fields> = {
  id: 'id',
  kind: 'kind',
  itemId: 'itemId',
  variants: 'revision',
  baselineRate: 'baselinePercent',
  minimumLift: 'liftPercent',
  plannedDays: 'plannedDays',
};

const toPlan = (f: Fields): ExperimentCreateInput => ({
  id: f.id.trim(),
  kind: f.kind as ExperimentCreateInput['kind'],
  itemId: f.itemId.trim(),
  variants: [{ name: 'B', revision: Number(f.revision) }],
  baselineRate: Number(f.baselinePercent) / 100,
  minimumLift: Number(f.liftPercent) / 100,
  plannedDays: Number(f.plannedDays),
});

function useSampleSize(baselinePercent: string, liftPercent: string): string {
  const { client } = useEditor();
  const [text, setText] = useState('');
  useEffect(() => {
    const baseline = Number(baselinePercent) / 100;
    const lift = Number(liftPercent) / 100;
    if (!(baseline > 0 && baseline < 1 && lift > 0)) return setText('Enter a lead rate and a lift to see the visitors needed.');
    let current = true;
    // Asked once typing pauses, not on every key.
    const timer = setTimeout(() => {
      client.experimentSampleSize(baseline, lift).then(
        ({ perArm }) => current && setText(`${perArm.toLocaleString('en-US')} visitors per version (5 % significance, 80 % power).`),
        (error: Error) => current && setText(error.message),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, baselinePercent, liftPercent]);
  return text;
}

export function ExperimentCreateForm({ onCreated }: { onCreated(): void }) {
  const { client, announce } = useEditor();
  const form = useForm<Fields>({
    defaultValues: { id: '', kind: 'blog', itemId: '', revision: '', baselinePercent: '3', liftPercent: '20', plannedDays: '14' },
  });
  const [problems, setProblems] = useState<{ field?: keyof Fields; message: string }[]>([]);
  const alert = useRef<HTMLDivElement>(null);
  const sampleSize = useSampleSize(form.watch('baselinePercent'), form.watch('liftPercent'));
  useEffect(() => {
    if (problems.length) alert.current?.focus();
  }, [problems]);

  const submit = form.handleSubmit(async (fields) => {
    const checked = experimentCreateSchema.safeParse(toPlan(fields));
    if (!checked.success) return setProblems(checked.error.issues.map((i) => ({ field: FIELD_OF[String(i.path[0])], message: i.message })));
    try {
      await client.createExperiment(toPlan(fields));
      setProblems([]);
      form.reset();
      announce(`Experiment ${checked.data.id} created: start it when ready.`);
      onCreated();
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      const message = error instanceof Error ? error.message : String(error);
      setProblems(issues.length ? issues.map((i) => ({ field: FIELD_OF[i.path.split('.')[0]!], message: i.message })) : [{ message }]);
    }
  });

  const problemOf = (field: keyof Fields) => problems.find((p) => p.field === field)?.message;
  const input = (field: keyof Fields, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="mt-3">
      <label htmlFor={`new-experiment-${field}`} className="block text-sm font-medium text-ink">
        {LABELS[field]}
      </label>
      <input
        id={`new-experiment-${field}`}
        className={CONTROL_CLASS}
        aria-invalid={problemOf(field) ? true : undefined}
        aria-describedby={problemOf(field) ? `new-experiment-${field}-problem` : undefined}
        {...props}
        {...form.register(field)}
      />
      {problemOf(field) && (
        <p id={`new-experiment-${field}-problem`} className="text-sm font-medium text-red-700">
          {problemOf(field)}
        </p>
      )}
    </div>
  );

  return (
    <form aria-labelledby="new-experiment" onSubmit={(event) => void submit(event)} noValidate className="mt-6 max-w-xl">
      <h2 id="new-experiment" className="text-xl font-semibold text-ink">
        New experiment
      </h2>
      <div ref={alert} tabIndex={-1} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {problems.length > 0 && (
          <>
            <p>Not created:</p>
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={`${p.field ?? ''}${p.message}`}>{p.field ? `${LABELS[p.field]}: ${p.message}` : p.message}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      {input('id', { autoComplete: 'off' })}
      <div className="mt-3">
        <label htmlFor="new-experiment-kind" className="block text-sm font-medium text-ink">
          {LABELS.kind}
        </label>
        <select id="new-experiment-kind" className={CONTROL_CLASS} {...form.register('kind')}>
          {CONTENT_KINDS.map((kind) => (
            <option key={kind}>{kind}</option>
          ))}
        </select>
      </div>
      {input('itemId', { autoComplete: 'off' })}
      {input('revision', { inputMode: 'numeric' })}
      {input('baselinePercent', { inputMode: 'decimal' })}
      {input('liftPercent', { inputMode: 'decimal' })}
      <p className="mt-2 text-sm text-muted" aria-live="polite" data-testid="sample-size">
        Sample size: {sampleSize}
      </p>
      {input('plannedDays', { inputMode: 'numeric' })}
      <Button type="submit" className="mt-4" disabled={form.formState.isSubmitting}>
        Create experiment
      </Button>
    </form>
  );
}
