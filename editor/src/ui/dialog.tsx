/**
 * A question the person must answer before anything happens (publish now? leave without saving?),
 * as the browser's own modal <dialog>: it keeps the keyboard inside, Escape cancels, and focus goes
 * back to what opened it. No inline style, which the editor's policy refuses.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@cardlift/shell/ui';

export interface DialogProps {
  title: string;
  children: ReactNode;
  confirm: string;
  cancel?: string;
  /** A confirm that loses or publishes something: drawn in the brand colour. */
  tone?: 'brand' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}

export function Dialog({ title, children, confirm, cancel = 'Cancel', tone = 'primary', onConfirm, onCancel }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom has no showModal: the dialog is then simply open.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => opener?.focus?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-2 text-sm leading-6 break-words text-ink">
          {children}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel}>
            {cancel}
          </Button>
          <Button variant={tone} onClick={onConfirm}>
            {confirm}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
