import { useCallback, useEffect, useState } from 'react';

/** Timings of the Offers API demo. */
export const TYPING_MS_PER_CHAR = 5;
export const RESPONSE_DELAY_MS = 300;
export const AUTO_ADVANCE_MS = 25_000;

export interface TypingDemoOptions {
  /** Length of each tab's code, in characters. */
  lengths: readonly number[];
  /** Reduced motion: the full code and the response at once, and no auto-advance. */
  reducedMotion?: boolean;
  /** False until the demo has been on screen: nothing types (or costs the page anything) before. */
  started?: boolean;
}

export interface TypingDemo {
  tab: number;
  /** Characters of the current tab's code shown so far. */
  typed: number;
  typingDone: boolean;
  /** The 'API response' card: RESPONSE_DELAY_MS after typing ends. */
  responseVisible: boolean;
  paused: boolean;
  select(tab: number): void;
  next(): void;
  setPaused(paused: boolean): void;
  /** Back to an empty first sample, to type it once it is seen (see `useTypingDemo`). */
  rewind(): void;
}

/**
 * It starts showing the first sample complete, with its response, as the server renders it: a page
 * read without script, or before it, shows a working example rather than an empty panel. A demo not
 * yet on screen when the page hydrates is rewound, and types from the start once seen.
 *
 * The demo's clock: types the current tab's code one character every TYPING_MS_PER_CHAR, shows the
 * response card RESPONSE_DELAY_MS after the last character, and moves to the next tab every
 * AUTO_ADVANCE_MS (counted from the tab's start; restarted on a manual choice or on resume).
 * Pausing stops all three (WCAG 2.2.2).
 */
export function useTypingDemo({ lengths, reducedMotion = false, started = true }: TypingDemoOptions): TypingDemo {
  const [tab, setTab] = useState(0);
  const [typedChars, setTypedChars] = useState(() => lengths[0] ?? 0);
  const [cardShown, setCardShown] = useState(true);
  const [paused, setPaused] = useState(false);
  const length = lengths[tab] ?? 0;
  const typed = reducedMotion ? length : Math.min(typedChars, length);
  const typingDone = typed >= length;
  const responseVisible = reducedMotion || (typingDone && cardShown);
  const running = started && !paused && !reducedMotion;

  const select = useCallback((next: number) => {
    setTab(next);
    setTypedChars(0);
    setCardShown(false);
  }, []);
  const rewind = useCallback(() => select(0), [select]);
  const count = lengths.length;
  const next = useCallback(() => select(count === 0 ? 0 : (tab + 1) % count), [select, tab, count]);

  useEffect(() => {
    if (!running || typingDone) return;
    // One interval per sample rather than a timeout per character: the pace stays 5 ms a character
    // without waiting for a render between characters.
    const timer = setInterval(() => setTypedChars((n) => n + 1), TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [running, typingDone, tab]);

  useEffect(() => {
    if (!running || !typingDone || cardShown) return;
    const timer = setTimeout(() => setCardShown(true), RESPONSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [running, typingDone, cardShown]);

  useEffect(() => {
    if (!running) return;
    // Restarts only when the tab changes or the demo resumes, not on every typed character.
    const timer = setTimeout(() => select(count === 0 ? 0 : (tab + 1) % count), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [running, tab, count, select]);

  return { tab, typed, typingDone, responseVisible, paused, select, next, setPaused, rewind };
}
