/**
 * Reads (once) a JSON data block the api inlined into the HTML (`<script type="application/json">`):
 * undefined when absent or unreadable. No imports: the boot script uses it too.
 */
export function takeInlineJson(id: string): unknown {
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
