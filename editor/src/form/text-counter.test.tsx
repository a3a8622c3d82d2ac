/**
 * Every text a person writes shows how long it may be (a title, alt text, any text: the limits a save
 * checks), read with the field (aria-describedby), and says politely when the limit nears or is
 * passed; the schema's own message refuses a text past it. A title also says what its page's share
 * image cannot draw.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { TEXT_LIMITS } from '@cardlift/contracts';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ContentForm } from './content-form';
import { fieldId } from './field-errors';
import { kindJsonSchema } from './json-schema';

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

it('counts every text a person writes against the limit a save checks, long texts and alt text included', () => {
  const onSave = jest.fn();
  render(
    <EditorProvider client={new EditorClient()}>
      <ContentForm kind="casestudies" onSave={onSave} />
    </EditorProvider>,
  );
  const form = screen.getByRole('form', { name: 'Content' });
  // An image's path is picked by uploading, not written: it is the one text without a counter.
  const imagePaths = Object.entries(kindJsonSchema('casestudies').properties ?? {})
    .filter(([, node]) => node.widget === 'image')
    .map(([name]) => fieldId(name));
  const texts = [...form.querySelectorAll<HTMLElement>('input[type=text], input[type=url], input[type=email], textarea')].filter(
    (control) => !imagePaths.includes(control.id),
  );
  expect(texts.length).toBeGreaterThan(4);
  for (const control of texts) {
    const counter = document.getElementById(`${control.id}-count`);
    expect([control.id, control.getAttribute('aria-describedby')]).toEqual([control.id, expect.stringContaining(`${control.id}-count`)]);
    expect([control.id, counter?.textContent]).toEqual([control.id, expect.stringMatching(/^\d+ \/ \d+ characters$/)]);
  }
  expect(document.getElementById('field-challenge-count')).toHaveTextContent(`0 / ${TEXT_LIMITS.any} characters`);
  const alt = document.getElementById('field-heroImageAlt') as HTMLInputElement;
  fireEvent.input(alt, { target: { value: 'a'.repeat(TEXT_LIMITS.altText + 1) } });
  expect(document.getElementById('field-heroImageAlt-count')).toHaveTextContent(
    `${TEXT_LIMITS.altText + 1} / ${TEXT_LIMITS.altText} characters`,
  );
  expect(screen.getByRole('status')).toHaveTextContent(`1 character over the limit of ${TEXT_LIMITS.altText}.`);
});

it('says beside a title what its share image leaves out, read with the field', () => {
  render(
    <EditorProvider client={new EditorClient()}>
      <ContentForm kind="blog" onSave={jest.fn()} />
    </EditorProvider>,
  );
  const title = document.getElementById('field-title') as HTMLInputElement;
  fireEvent.input(title, { target: { value: 'שלום Offers' } });
  expect(document.getElementById('field-title-note')).toBeNull();
  fireEvent.input(title, { target: { value: 'Offers こんにちは 🎉' } });
  const note = document.getElementById('field-title-note')!;
  expect(title.getAttribute('aria-describedby')).toContain('field-title-note');
  expect(note).toHaveTextContent('The page’s share image leaves out こ ん に ち は 🎉');
});
