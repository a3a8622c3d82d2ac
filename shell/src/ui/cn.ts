import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). No conflict merging: the design system's variants never set the same
 * property twice, and a section's classes carry its own prefix (`mk:`, `rs:`...), which a merger
 * could not compare with the design system's anyway, so the stylesheet's order decides, as it always
 * did. Keeps tailwind-merge's 8.5 KB (compressed) off every page.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
