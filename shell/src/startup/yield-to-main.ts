type WithScheduler = typeof globalThis & { scheduler?: { yield?: () => Promise<void> } };

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between. `scheduler.yield()` resumes ahead of other queued work; elsewhere a zero timeout does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as WithScheduler).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
