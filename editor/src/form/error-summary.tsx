/**
 * The list of refused fields at the top of the form, each a link that moves focus to its field.
 * It takes focus when it appears, so a keyboard or screen reader user starts from it.
 */
import { forwardRef } from 'react';
import type { FieldIssue } from '../api/editor-client';
import { fieldId } from './field-errors';
import { ROOT_PATH } from './validate-item';

interface ErrorSummaryProps {
  title: string;
  issues: readonly FieldIssue[];
  /** A refusal not about a field (a conflict, no connection). */
  message?: string;
}

/** "content.sections.1.title" -> "content › sections 2 › title": where the field is, in the form's words. */
export function placeOf(path: string): string {
  if (path === ROOT_PATH) return 'The item';
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()))
    .join(' › ');
}

export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary({ title, issues, message }, ref) {
  const focusField = (path: string) => {
    // The nearest control of the path: the field itself, or the group that holds it.
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n--) {
      const element = document.getElementById(fieldId(parts.slice(0, n).join('.')));
      if (element) {
        element.focus();
        element.scrollIntoView({ block: 'center' });
        return;
      }
    }
  };
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-lg border-2 border-red-700 bg-white p-4"
    >
      <h2 id="error-summary-title" className="text-lg font-semibold text-red-700">
        {title}
      </h2>
      {message && <p className="mt-2 text-ink">{message}</p>}
      {issues.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              <a
                href={`#${fieldId(issue.path)}`}
                className="text-primary underline"
                onClick={(event) => {
                  event.preventDefault();
                  focusField(issue.path);
                }}
              >
                {placeOf(issue.path)}: {issue.message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
