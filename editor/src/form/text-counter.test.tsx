/**
 * A title shows how long it may be, read with the field (aria-describedby), and says politely when
 * the limit nears or is passed; the schema's own message refuses a title past it.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { TEXT_LIMITS } from '@cardlift/contracts';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ContentForm } from './content-form';

it('counts a title’s characters against its limit, and says so near and past it', () => {
  const onSave = jest.fn();
  render(
    <EditorProvider client={new EditorClient()}>
      <ContentForm kind="jobs" onSave={onSave} />
    </EditorProvider>,
  );
  const title = document.getElementById('field-title') as HTMLInputElement;
  const counter = document.getElementById('field-title-count')!;
  expect(title.getAttribute('aria-describedby')).toContain('field-title-count');
  expect(counter).toHaveTextContent(`0 / ${TEXT_LIMITS.title} characters`);

  fireEvent.input(title, { target: { value: 'x'.repeat(TEXT_LIMITS.title - 10) } });
  expect(counter).toHaveTextContent(`${TEXT_LIMITS.title - 10} / ${TEXT_LIMITS.title} characters`);
  expect(screen.getByRole('status')).toHaveTextContent(/^Title: 10 characters left\.$/);

  fireEvent.input(title, { target: { value: 'x'.repeat(TEXT_LIMITS.title + 2) } });
  expect(screen.getByRole('status')).toHaveTextContent(`Title: 2 characters over the limit of ${TEXT_LIMITS.title}.`);
  fireEvent.submit(screen.getByRole('form', { name: 'Content' }));
  expect(onSave).not.toHaveBeenCalled();
  expect(
    screen.getAllByText(`keep it to ${TEXT_LIMITS.title} characters or fewer (it has ${TEXT_LIMITS.title + 2})`).length,
  ).toBeGreaterThan(0);
});
