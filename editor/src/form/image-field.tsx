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
import { ImageTexts } from './image-texts';
import type { LeafProps } from './leaf-fields';

const ACCEPTED = 'image/png,image/jpeg,image/webp';

/** Why an upload was refused, and what to do, in plain words. */
function uploadRefusal(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The upload failed: the server could not be reached. Check the connection and try again.';
  if (error.status === 413) return `The image is too large (${error.message}). Choose a smaller file, under 10 MB and 40 million pixels.`;
  if (error.status === 415) return 'This kind of file cannot be uploaded: choose a PNG, JPEG or WebP image.';
  if (error.status === 400) return `The file is not a readable image (${error.message}). Export it again as PNG, JPEG or WebP.`;
  return `The upload failed: ${error.message}`;
}

export function ImageField({ path, label, optional, schema, withTexts }: LeafProps & { withTexts: boolean }) {
  const { client, announce } = useEditor();
  const { field } = useController({ name: path });
  const [upload, setUpload] = useState<{ busy: boolean; error?: string; done?: string }>({ busy: false });
  const value = typeof field.value === 'string' ? field.value : '';
  const fileId = `${fieldId(path)}-file`;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUpload({ busy: true });
    try {
      const image = await client.uploadImage(file);
      field.onChange(image.src);
      setUpload({ busy: false, done: `${file.name} uploaded (${image.width} × ${image.height}). Describe it below, then save.` });
      announce(`${label}: ${file.name} uploaded.`);
    } catch (error) {
      const message = uploadRefusal(error);
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
      hint={schema.description ?? 'Upload a PNG, JPEG or WebP image (or type the path of one on this site).'}
      after={
        <>
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
              {upload.error && (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {upload.error}
                </p>
              )}
              {upload.done && <p className="mt-1 text-sm font-medium text-green-800">{upload.done}</p>}
            </div>
          </div>
          {withTexts && <ImageTexts path={path} label={label} />}
        </>
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
