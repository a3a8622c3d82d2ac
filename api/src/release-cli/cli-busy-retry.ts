/**
 * A site too busy to unpack a release now answers 503 with Retry-After (upload-worker.ts): the
 * release CLI waits as asked and sends it again, a few times, saying so, rather than failing a CI run
 * on a moment's load.
 */
import { ReleaseRefused } from '../releases/release-context-types';

/** Attempts in all, the first included. */
export const BUSY_ATTEMPTS = 3;
/** The longest wait between two attempts, whatever Retry-After asks. */
const MAX_WAIT_S = 60;

/** A 503 answer with the seconds the site asked to wait (Retry-After). */
export class SiteBusy extends ReleaseRefused {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, [], 'unavailable');
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

/** `send` until it is not refused busy, or BUSY_ATTEMPTS were made; each retry is announced with `notice`. */
export async function retriedWhileBusy<T>(where: string, send: () => Promise<T>, notice: (line: string) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof SiteBusy) || attempt >= BUSY_ATTEMPTS) throw error;
      const wait = Math.min(error.retryAfterSeconds, MAX_WAIT_S);
      notice(`${where} is busy ${error.message}\nSending it again in ${wait} s (attempt ${attempt + 1} of ${BUSY_ATTEMPTS})`);
      await new Promise((done) => setTimeout(done, wait * 1000));
    }
  }
}
