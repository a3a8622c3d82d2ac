import { act, renderHook } from '@testing-library/react';
import { AUTO_ADVANCE_MS, RESPONSE_DELAY_MS, TYPING_MS_PER_CHAR, useTypingDemo } from './use-typing-demo';

const LENGTHS = [40, 20, 30];

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** The demo as a visitor meets it below the fold: rewound at hydration, typing once seen. */
function rewound(options: Parameters<typeof useTypingDemo>[0]) {
  const hook = renderHook(() => useTypingDemo(options));
  act(() => hook.result.current.rewind());
  return hook;
}

describe('useTypingDemo', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts with the first sample complete and its response, as the server renders it', () => {
    const { result } = renderHook(() => useTypingDemo({ lengths: LENGTHS, started: false }));
    expect(result.current).toMatchObject({ tab: 0, typed: 40, typingDone: true, responseVisible: true });
    advance(AUTO_ADVANCE_MS);
    expect(result.current.tab).toBe(0);
  });

  it('types one character every 5 ms', () => {
    const { result } = rewound({ lengths: LENGTHS });
    expect(TYPING_MS_PER_CHAR).toBe(5);
    expect(result.current.typed).toBe(0);
    advance(5);
    expect(result.current.typed).toBe(1);
    advance(5 * 9);
    expect(result.current.typed).toBe(10);
    expect(result.current.typingDone).toBe(false);
    advance(5 * 30);
    expect(result.current.typed).toBe(40);
    expect(result.current.typingDone).toBe(true);
  });

  it('shows the response card 300 ms after typing ends', () => {
    const { result } = rewound({ lengths: LENGTHS });
    advance(40 * TYPING_MS_PER_CHAR);
    expect(result.current.typingDone).toBe(true);
    expect(result.current.responseVisible).toBe(false);
    advance(RESPONSE_DELAY_MS - 1);
    expect(result.current.responseVisible).toBe(false);
    advance(1);
    expect(result.current.responseVisible).toBe(true);
  });

  it('advances to the next tab every 25 s and cycles back to the first', () => {
    const { result } = rewound({ lengths: LENGTHS });
    advance(AUTO_ADVANCE_MS - 1);
    expect(result.current.tab).toBe(0);
    advance(1);
    expect(result.current.tab).toBe(1);
    expect(result.current.typed).toBe(0);
    expect(result.current.responseVisible).toBe(false);
    advance(AUTO_ADVANCE_MS);
    expect(result.current.tab).toBe(2);
    advance(AUTO_ADVANCE_MS);
    expect(result.current.tab).toBe(0);
  });

  it('next() moves on at once and restarts typing and the 25 s', () => {
    const { result } = rewound({ lengths: LENGTHS });
    advance(40 * TYPING_MS_PER_CHAR + RESPONSE_DELAY_MS);
    act(() => result.current.next());
    expect(result.current.tab).toBe(1);
    expect(result.current.typed).toBe(0);
    expect(result.current.typingDone).toBe(false);
    advance(AUTO_ADVANCE_MS - 1);
    expect(result.current.tab).toBe(1);
    advance(1);
    expect(result.current.tab).toBe(2);
  });

  it('pause stops typing, the card and auto-advance; play resumes', () => {
    const { result } = rewound({ lengths: LENGTHS });
    advance(50);
    expect(result.current.typed).toBe(10);
    act(() => result.current.setPaused(true));
    advance(AUTO_ADVANCE_MS * 3);
    expect(result.current).toMatchObject({ tab: 0, typed: 10, paused: true, responseVisible: false });
    act(() => result.current.setPaused(false));
    advance(30 * TYPING_MS_PER_CHAR);
    expect(result.current.typed).toBe(40);
    advance(RESPONSE_DELAY_MS);
    expect(result.current.responseVisible).toBe(true);
  });

  it('with reduced motion shows the full code and the card at once and never advances', () => {
    const { result } = renderHook(() => useTypingDemo({ lengths: LENGTHS, reducedMotion: true }));
    expect(result.current).toMatchObject({ typed: 40, typingDone: true, responseVisible: true });
    advance(AUTO_ADVANCE_MS * 2);
    expect(result.current.tab).toBe(0);
    act(() => result.current.next());
    expect(result.current).toMatchObject({ tab: 1, typed: 20, responseVisible: true });
  });
});
