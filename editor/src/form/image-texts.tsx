/**
 * What an image says to people who cannot see it, drawn with the image: its alt text (required),
 * or a tick saying it is decorative (then screen readers skip it and no alt text is asked for), and
 * an optional caption shown under it on the page. The fields are the schema's `<image>Alt`,
 * `<image>Decorative` and `<image>Caption`.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { CONTROL_CLASS, FieldMessage } from './field-frame';
import { errorId, fieldId, useFieldError } from './field-errors';
import { countId, TextCount, useTextCount } from './text-count';

export function ImageTexts({ path, label }: { path: string; label: string }) {
  const { register } = useFormContext();
  const decorative = useWatch({ name: `${path}Decorative` }) === true;
  const altPath = `${path}Alt`;
  const altError = useFieldError(altPath);
  const altId = fieldId(altPath);
  const hintId = `${altId}-hint`;
  const altCount = useTextCount(altPath);
  const captionPath = `${path}Caption`;
  const captionId = fieldId(captionPath);
  const captionError = useFieldError(captionPath);
  const captionCount = useTextCount(captionPath);
  return (
    <div className="mt-3 rounded-button border border-line bg-white p-3">
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          id={fieldId(`${path}Decorative`)}
          className="mt-0.5 size-5 shrink-0 accent-primary"
          {...register(`${path}Decorative`)}
        />
        <label htmlFor={fieldId(`${path}Decorative`)} className="text-sm font-medium text-ink">
          The {label.toLowerCase()} is decorative: it shows nothing the text does not say
        </label>
      </div>
      {!decorative && (
        <div className="mt-3">
          <label htmlFor={altId} className="block text-sm font-medium text-ink">
            Alt text of the {label.toLowerCase()}
          </label>
          <p id={hintId} className="mt-1 text-sm text-muted">
            What the image shows, for people who cannot see it (a screen reader reads it aloud). Required.
          </p>
          <input
            id={altId}
            type="text"
            className={CONTROL_CLASS}
            aria-invalid={Boolean(altError)}
            aria-describedby={[hintId, altError ? errorId(altPath) : '', countId(altId)].filter(Boolean).join(' ')}
            {...register(altPath)}
          />
          <TextCount controlId={altId} label={`Alt text of the ${label.toLowerCase()}`} count={altCount} />
          <FieldMessage path={altPath} />
        </div>
      )}
      <div className="mt-3">
        <label htmlFor={captionId} className="block text-sm font-medium text-ink">
          Caption <span className="font-normal text-muted">(optional, shown under the image)</span>
        </label>
        <input
          id={captionId}
          type="text"
          className={CONTROL_CLASS}
          aria-invalid={Boolean(captionError)}
          aria-describedby={[captionError ? errorId(captionPath) : '', countId(captionId)].filter(Boolean).join(' ')}
          {...register(captionPath)}
        />
        <TextCount controlId={captionId} label={`Caption of the ${label.toLowerCase()}`} count={captionCount} />
        <FieldMessage path={captionPath} />
      </div>
    </div>
  );
}
