/** A field added to a schema shows in the form with no form code: the form is drawn from the JSON schema. */
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { jobSchema } from '@cardlift/contracts';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import type { JsonSchema } from './json-schema';
import { PropertyFields } from './schema-field';

function Form({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { perks: [{ name: 'Gym', yearly: true }] } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

it('draws a field the schema gained: text, a choice, a number and a list of objects', () => {
  const extended = jobSchema.extend({
    salaryBand: z.enum(['A', 'B', 'C']),
    openings: z.number().int().optional(),
    perks: z.array(z.object({ name: z.string(), yearly: z.boolean() })).optional(),
    hiringManager: z.string().meta({ title: 'Hiring manager (internal)' }),
  });
  const schema = z.toJSONSchema(extended, { io: 'input' }) as JsonSchema;
  render(
    <EditorProvider client={new EditorClient()}>
      <Form>
        <PropertyFields path="" schema={schema} />
      </Form>
    </EditorProvider>,
  );
  expect(screen.getByRole('combobox', { name: 'Salary band' })).toHaveDisplayValue('A');
  expect(screen.getByRole('spinbutton', { name: 'Openings (optional)' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Hiring manager (internal)' })).toBeInTheDocument();
  const perk = screen.getByRole('group', { name: 'Perk 1' });
  expect(within(perk).getByRole('textbox', { name: 'Name' })).toHaveValue('Gym');
  expect(within(perk).getByRole('checkbox', { name: 'Yearly' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Add perk' })).toBeInTheDocument();
});
