/**
 * An image field (the schema marks asset paths 'image'): the path as text, a file input that sends
 * the bytes to the api's image upload and puts the answered `src` in the field, and a thumbnail.
 */
import { useState, type ChangeEvent } from 'react';
import { useController } from 'react-hook-form';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { CONTROL_CLASS, FieldFrame } from './field-frame';
import { fieldId } from './field-errors';
import type { LeafProps } from './leaf-fields';

const ACCEPTED = 'image/png,image/jpeg,image/webp';

export function ImageField({ path, label, optional, schema }: LeafProps) {
  const { client, announce } = useEditor();
  const { field } = useController({ name: path });
  const [upload, setUpload] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const value = typeof field.value === 'string' ? field.value : '';
  const fileId = `${fieldId(path)}-file`;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUpload({ busy: true });
    try {
      const image = await client.uploadImage(file);
      field.onChange(image.src);
      setUpload({ busy: false });
      announce(`${label}: ${file.name} uploaded.`);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'The upload failed. Check the connection and try again.';
      setUpload({ busy: false, error: message });
      announce(`${label}: upload failed. ${message}`);
    } finally {
      event.target.value = '';
    }
  }

  return (
    <FieldFrame
      path={path}
      label={label}
      optional={optional}
      hint={schema.description ?? 'A path on this site, or upload a PNG, JPEG or WebP image.'}
      after={
        <div className="mt-2 flex flex-wrap items-center gap-4">
          {value.startsWith('/') && (
            <img src={value} alt={`${label} preview`} className="h-20 w-32 rounded-button border border-line object-cover" />
          )}
          <div>
            <label htmlFor={fileId} className="block text-sm font-medium text-ink">
              Upload {label.toLowerCase()}
            </label>
            <input id={fileId} type="file" accept={ACCEPTED} disabled={upload.busy} onChange={onFile} className="mt-1 text-sm text-ink" />
            {upload.busy && <p className="mt-1 text-sm text-muted">Uploading…</p>}
            {upload.error && <p className="mt-1 text-sm font-medium text-red-700">{upload.error}</p>}
          </div>
        </div>
      }
    >
      {(control) => (
        <input
          type="text"
          className={CONTROL_CLASS}
          {...control}
          name={field.name}
          ref={field.ref}
          value={value}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}
