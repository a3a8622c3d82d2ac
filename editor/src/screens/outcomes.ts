/**
 * What an action's outcome says, in plain words: what happened, or why it was refused and what to do.
 * The api's own message is kept where it names the thing at fault (a missing post, a field).
 */
import { ApiError, type StaleDetails } from '../api/editor-client';
import type { Outcome } from '../ui/outcome';
import { placeOf } from '../form/error-summary';
import { clockTime } from './dates';

export const NO_CONNECTION = 'the server could not be reached. Check the connection and try again; your changes are still here.';

/** The api names fields by path (`field "secondary.blogPostId"`): said as the form labels them. */
const inWords = (message: string) => message.replace(/field "([^"]+)"/g, (_, path: string) => `the field ${placeOf(path)}`);

const list = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** "Ana saved revision 5 at 14:03, after the revision 4 you started from". */
export function staleSummary(details: StaleDetails): string {
  return `${list(details.changedBy)} saved revision ${details.latestRevision} at ${clockTime(details.changedAt)}, after the revision ${details.baseRevision} you started from`;
}

/** The refusal of `action` ("Not saved", "Not published"...) as an outcome to show beside its button. */
export function refusal(action: string, error: unknown): Outcome {
  const text = (reason: string) => ({ tone: 'error' as const, text: `${action}: ${reason}` });
  if (!(error instanceof ApiError)) return text(NO_CONNECTION);
  switch (error.code) {
    case 'session_ended':
      return text('your session ended. Sign in again; your changes are still here.');
    case 'stale':
      return text(`${staleSummary(error.details as unknown as StaleDetails)}. Compare their changes with yours below.`);
    case 'forbidden':
      return text('only a publisher may do this. Ask a publisher, or save a draft for them to publish.');
    case 'csrf':
    case 'precondition_required':
      return text('the editor is out of date. Reload the page (your unsaved changes are kept in this browser) and try again.');
    case 'content_refused':
      return text(`${inWords(error.message)}. Fix that first (publish the post it names, or choose another), then try again.`);
    case 'content_invalid':
      return text(`${inWords(error.message)}`);
    case 'not_published':
      return text('it is not on the site, so there is nothing to take off.');
    default:
      break;
  }
  if (error.status === 413) return text(`${error.message}. Make it smaller and try again.`);
  if (error.status === 429) return text(`too many tries. Wait ${error.retryAfterSeconds ?? 60} seconds, then try again.`);
  if (error.status >= 500) return text(`the server had a problem (${error.message}). Try again in a minute; your changes are still here.`);
  return text(error.message);
}
