/**
 * Where each refused field's message is shown: a map from a field's path (`sections.0.title`) to its
 * message, given to every control, and the element id a path's control carries, so the summary at
 * the top can link to it.
 */
import { createContext, useContext } from 'react';
import type { FieldIssue } from '../api/editor-client';

export const FieldErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

export function errorMap(issues: readonly FieldIssue[]): Map<string, string> {
  const map = new Map<string, string>();
  // The first message of a field is the one shown (the schema reports the most basic problem first).
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

export function useFieldError(path: string): string | undefined {
  return useContext(FieldErrorsContext).get(path);
}

/** A DOM id for the control of a path: `field-sections-0-title`. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

export const errorId = (path: string) => `${fieldId(path)}-error`;
