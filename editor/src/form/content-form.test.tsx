/**
 * The form drawn from a kind's schema: its fields appear without form code, lists grow, shrink and
 * reorder by buttons, an invalid item shows the schema's message and is never sent, and the
 * server's refusal lands on the field it names.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ContentForm } from './content-form';

const post = {
  id: 'offers-api',
  title: 'Offers API',
  excerpt: 'An API',
  author: 'Ana',
  publishedDate: '2026-01-02',
  readTime: '3 min read',
  category: 'Product',
  content: {
    introduction: 'Intro',
    sections: [
      { title: 'First', content: 'One' },
      { title: 'Second', content: 'Two' },
    ],
    conclusion: 'End',
  },
};

function renderForm(
  onSave: (item: object) => Promise<void>,
  initial: object | undefined = post,
  kind: 'blog' | 'casestudies' | 'jobs' = 'blog',
) {
  return render(
    <EditorProvider client={new EditorClient()}>
      <ContentForm kind={kind} initial={initial} onSave={onSave} />
    </EditorProvider>,
  );
}

const sectionTitles = () =>
  screen
    .getAllByRole('group', { name: /^section \d+$/i })
    .map((group) => (within(group).getByLabelText(/^title/i) as HTMLInputElement).value);

it('draws every field of the schema, with groups as fieldsets and long text as a text area', () => {
  renderForm(jest.fn());
  expect(screen.getByLabelText(/^read time/i)).toHaveValue('3 min read');
  expect(screen.getByLabelText(/^published date/i)).toHaveAttribute('type', 'date');
  expect(screen.getByRole('group', { name: 'Content' })).toBeInTheDocument();
  expect(screen.getByLabelText(/^introduction/i).tagName).toBe('TEXTAREA');
  expect(screen.getByLabelText(/^hero image/i)).toBeInTheDocument();
  expect(screen.getByLabelText('Upload hero image')).toHaveAttribute('type', 'file');
  expect(screen.getByRole('checkbox', { name: 'Include call to action' })).not.toBeChecked();
});

it('shows a multi-line field as the site will render it, bullets as a list', async () => {
  renderForm(jest.fn(), undefined, 'casestudies');
  await userEvent.type(screen.getByLabelText(/^challenge/i), 'Costs rose.{enter}• Churn{enter}• Fraud');
  const preview = screen.getByText('How it will look').parentElement!;
  expect(within(preview).getByText('Costs rose.')).toBeInTheDocument();
  expect(
    within(preview)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Churn', 'Fraud']);
});

it('adds, moves and removes list entries with named buttons, and saves them in that order', async () => {
  const onSave = jest.fn(async () => undefined);
  renderForm(onSave);
  await userEvent.click(screen.getByRole('button', { name: 'Move section 2 up' }));
  expect(sectionTitles()).toEqual(['Second', 'First']);
  expect(screen.getByRole('button', { name: 'Move section 1 down' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
  const third = screen.getByRole('group', { name: 'Section 3' });
  await userEvent.type(within(third).getByLabelText(/^title/i), 'Third');
  await userEvent.type(within(third).getByLabelText(/^content/i), 'Three');
  await userEvent.click(screen.getByRole('button', { name: 'Remove section 2' }));
  expect(sectionTitles()).toEqual(['Second', 'Third']);
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(onSave).toHaveBeenCalledTimes(1);
  const saved = (onSave.mock.calls[0] as unknown as [typeof post])[0];
  expect(saved.content.sections).toEqual([
    { title: 'Second', content: 'Two' },
    { title: 'Third', content: 'Three' },
  ]);
});

it('edits a list of texts: add, reorder, remove', async () => {
  const onSave = jest.fn(async () => undefined);
  const job = {
    id: 'j1',
    slug: 'engineer',
    title: 'Engineer',
    department: 'Eng',
    location: 'NYC',
    postedDate: '2026-01-01',
    description: 'Build',
    requirements: ['TypeScript'],
  };
  renderForm(onSave, job, 'jobs');
  await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
  await userEvent.type(screen.getByLabelText('Requirement 2'), 'React');
  await userEvent.click(screen.getByRole('button', { name: 'Move requirement 2 up' }));
  expect(screen.getByLabelText('Requirement 1')).toHaveValue('React');
  await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect((onSave.mock.calls[0] as unknown as [{ requirements: string[] }])[0].requirements).toEqual(['React']);
});

it("refuses an invalid item with the schema's message on the field and in the summary, and sends nothing", async () => {
  const onSave = jest.fn(async () => undefined);
  renderForm(onSave);
  await userEvent.clear(screen.getByLabelText(/^id/i));
  await userEvent.type(screen.getByLabelText(/^id/i), 'Not A Slug');
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(onSave).not.toHaveBeenCalled();
  const id = screen.getByLabelText(/^id/i);
  expect(id).toHaveAttribute('aria-invalid', 'true');
  expect(id).toHaveAccessibleDescription(expect.stringContaining('must be lowercase words joined by dashes'));
  const summary = screen.getByRole('alert', { name: 'The item was not saved' });
  expect(summary).toHaveFocus();
  await userEvent.click(within(summary).getByRole('link', { name: /id: must be lowercase/ }));
  expect(id).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Not saved: 1 field needs attention.');
});

it("shows the server's 400 on the field it names", async () => {
  const onSave = jest.fn(async () => {
    throw new ApiError(400, 'validation_failed', 'field "content.sections.1.title": taken', [
      { path: 'content.sections.1.title', message: 'Pick another title' },
    ]);
  });
  renderForm(onSave);
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  const second = screen.getByRole('group', { name: 'Section 2' });
  // The message first, then the title's character counter.
  expect(within(second).getByLabelText(/^title/i)).toHaveAccessibleDescription('Pick another title 6 / 150 characters');
  expect(within(screen.getByRole('group', { name: 'Section 1' })).getByLabelText(/^title/i)).toHaveAttribute('aria-invalid', 'false');
});

it("makes a new item's id from its title until the person edits the id", async () => {
  render(
    <EditorProvider client={new EditorClient()}>
      <ContentForm kind="blog" onSave={jest.fn()} isNew />
    </EditorProvider>,
  );
  const [id, title] = [screen.getByLabelText(/^id/i), document.getElementById('field-title')!];
  await userEvent.type(title, 'Offers that pay — 2026!');
  expect(id).toHaveValue('offers-that-pay-2026');
  expect(id).toHaveAccessibleDescription(expect.stringContaining('Lowercase words joined by dashes'));
  await userEvent.clear(id);
  await userEvent.type(id, 'my-own-id');
  await userEvent.type(title, ' more');
  expect(id).toHaveValue('my-own-id');
});
