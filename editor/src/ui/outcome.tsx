/**
 * How an action ended, shown where the person pressed it: "Saved as revision 4 at 14:02" or a
 * refusal with what to do. Visible text (the page's live region says the same for screen readers),
 * so nobody has to find an outcome in the console.
 */
export interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

const TONES: Record<Outcome['tone'], string> = {
  success: 'border-green-700 text-green-800',
  error: 'border-red-700 text-red-700',
  info: 'border-line text-ink',
};

export function OutcomeMessage({ outcome, id }: { outcome: Outcome | null; id?: string }) {
  if (!outcome) return null;
  return (
    <p
      id={id}
      data-outcome={outcome.tone}
      className={`mt-3 w-full rounded-button border-l-4 bg-white px-3 py-2 text-sm font-medium break-words ${TONES[outcome.tone]}`}
    >
      {outcome.text}
    </p>
  );
}
