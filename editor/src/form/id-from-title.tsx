/**
 * A new item's id is made from its title ("Offers that pay" -> offers-that-pay) while the person
 * types the title, until they edit the id themselves; the id field's hint shows its format.
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CONTENT_ID_FIELDS, type ContentKind } from '@cardlift/contracts';

/** "Offers that pay — 2026!" -> "offers-that-pay-2026": lowercase words joined by dashes. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function IdFromTitle({ kind }: { kind: ContentKind }) {
  const field = CONTENT_ID_FIELDS[kind];
  const { setValue, getValues } = useFormContext();
  const title = useWatch({ name: 'title' }) as unknown;
  // The id the title last made: while the field still holds it, the person has not edited it.
  const made = useRef<string>('');
  useEffect(() => {
    if (!field || typeof title !== 'string') return;
    const current = String(getValues(field) ?? '');
    if (current !== made.current) return;
    made.current = slugOf(title);
    setValue(field, made.current, { shouldDirty: true });
  }, [field, title, getValues, setValue]);
  return null;
}
