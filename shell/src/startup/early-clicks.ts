/**
 * The first press is never lost, anywhere on the page. The page is visible (server HTML) before React
 * listens to it, and a button does nothing natively: a press on the Products menu, an Offers API demo
 * tab or any other button in that window would be dropped. The boot script notes the last button
 * pressed (and the last in-page link, whose jump the browser made but whose script, such as Talk to
 * Sales moving focus into the form, did not run), and the shell presses it again once, when React
 * can answer it:
 * - a button of the frame (header, announcement bar) right after `hydrateRoot`: React hydrates the
 *   pressed part at once for a discrete event;
 * - a control in the page's own content or the contact section, and an in-page link (whose target,
 *   the contact section, is such a part), once the page is interactive (`data-interactive`): those
 *   are Suspense boundaries whose code may still be on its way, and a press React cannot hydrate
 *   for is dropped.
 * Native controls need none of this: links to other pages, form fields and `<details>` disclosures
 * (the FAQ) work without script, and pressing one again would undo what the visitor did.
 * No imports: the boot script uses it, and stays a few hundred bytes.
 */
interface EarlyClicks {
  /** The last control pressed before React listened. */
  pressed?: HTMLElement;
  stop: () => void;
}

const KEY = '__cardliftEarlyClicks';
type WithEarlyClicks = typeof globalThis & { [KEY]?: EarlyClicks };

/** The attribute the shell sets on <html> once the page's content answers input (mark-interactive.ts). */
const INTERACTIVE = 'data-interactive';

/** What a press is replayed on: a button that does not submit a form, or a link within the page. */
const REPLAYABLE = 'button:not([type=submit]), a[href^="#"]';

/** Notes, until stopped, the last control pressed that `notes` accepts. */
function notePresses(state: EarlyClicks, notes: (control: HTMLElement) => boolean = () => true): void {
  function onClick(event: MouseEvent) {
    const control = (event.target as Element | null)?.closest?.<HTMLElement>(REPLAYABLE);
    // A submit button's form has already been sent by the browser (a <button> inside a form submits
    // unless its type says otherwise): pressing it again would send it twice.
    const sentByBrowser =
      control instanceof HTMLButtonElement && (control.disabled || (control.type === 'submit' && control.form !== null));
    if (control && !sentByBrowser && notes(control)) state.pressed = control;
  }
  document.addEventListener('click', onClick, true);
  state.stop = () => document.removeEventListener('click', onClick, true);
}

/** Boot script: start noting presses. */
export function captureEarlyClicks(): void {
  const state = {} as EarlyClicks;
  notePresses(state);
  (globalThis as WithEarlyClicks)[KEY] = state;
}

/** Whether `element` sits in a part that hydrates after the frame (the page's content, the contact section). */
const inLaterPart = (element: Element) => Boolean(element.closest('main, section#contact'));

/**
 * Whether React has hydrated `element` and so answers its presses itself (React marks each node it
 * hydrates). A press on a part still waiting for its code is dropped by React: only those are noted.
 */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** Shell, right after `hydrateRoot`: press again, once, the control pressed too early. */
export function replayEarlyClick(): void {
  const state = (globalThis as WithEarlyClicks)[KEY];
  if (!state) return;
  state.stop();
  delete (globalThis as WithEarlyClicks)[KEY];
  const press = () => {
    if (state.pressed?.isConnected) state.pressed.click();
    state.pressed = undefined;
  };
  const root = document.documentElement;
  // A link within the page waits too: its target (the contact section) may be such a part.
  const waits = (control: HTMLElement) => control instanceof HTMLAnchorElement || inLaterPart(control);
  // The frame hydrates at once for a discrete event: a press there is answered now.
  if (state.pressed && (!waits(state.pressed) || root.hasAttribute(INTERACTIVE))) press();
  if (root.hasAttribute(INTERACTIVE)) return;
  // Until the page's own parts answer, a press there lands on server HTML React drops presses on,
  // whether or not anything was pressed before: go on noting them (the last one is replayed). A part
  // that has hydrated meanwhile answers its own presses, and pressing it again would undo them.
  notePresses(state, (control) => inLaterPart(control) && !hydrated(control));
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(INTERACTIVE)) return;
    observer.disconnect();
    state.stop();
    press();
  });
  observer.observe(root, { attributes: true, attributeFilter: [INTERACTIVE] });
}
