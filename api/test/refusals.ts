/**
 * What a refused call would answer over HTTP: the status its error maps to (error-answers.ts) and
 * its message. A call that was not refused fails the test.
 */
import { errorAnswer } from '../src/platform/error-answers';

export async function answerTo(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await call.then(
    () => {
      throw new Error('the call was not refused');
    },
    (refused: unknown) => refused,
  );
  return { status: errorAnswer(error).status, message: error instanceof Error ? error.message : String(error) };
}
