/**
 * The first click is never lost. The page is visible (server HTML) before React listens to it, and a
 * button does nothing natively: a press on the Products menu or a Talk to Sales button in that window
 * would be dropped. The boot script notes the last button pressed; once `hydrateRoot` has been called
 * the shell presses it again, and React (which hydrates the pressed part at once for a discrete
 * event) gives it its effect. Links and forms need none of this: they work without script.
 * No imports: the boot script uses it, and stays a few hundred bytes.
 */
interface EarlyClicks {
  /** The last button pressed before React listened. */
  pressed?: HTMLButtonElement;
  stop: () => void;
}

const KEY = '__cardliftEarlyClicks';
type WithEarlyClicks = typeof globalThis & { [KEY]?: EarlyClicks };

/** Boot script: start noting presses. */
export function captureEarlyClicks(): void {
  const state: EarlyClicks = { stop: () => document.removeEventListener('click', onClick, true) };
  function onClick(event: MouseEvent) {
    const button = (event.target as Element | null)?.closest?.('button');
    // A submit button's form has already been sent by the browser: pressing it again would send it twice.
    if (button && !button.disabled && !(button.type === 'submit' && button.form)) state.pressed = button;
  }
  document.addEventListener('click', onClick, true);
  (globalThis as WithEarlyClicks)[KEY] = state;
}

/** Shell, right after `hydrateRoot`: stop noting, and press again the button pressed too early. */
export function replayEarlyClick(): void {
  const state = (globalThis as WithEarlyClicks)[KEY];
  if (!state) return;
  state.stop();
  delete (globalThis as WithEarlyClicks)[KEY];
  if (state.pressed?.isConnected) state.pressed.click();
}
