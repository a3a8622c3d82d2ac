/**
 * Entry of a renderer process (render-processes.ts starts it sandboxed: see sandbox-command.ts). It
 * answers one task at a time over IPC. Everything a task needs (settings, the published content, the
 * registry, the request's facts) arrives in the messages; the process holds no secret to give away.
 * What the code it runs tried and was not allowed to do comes back with each answer.
 */
import { noteForbiddenAttempts } from './forbidden-attempts';
import type { RendererMessage, RendererReply } from './renderer-protocol';

let attempts: string[] = [];
// Before anything else loads: the tasks' modules, then each section's build.
noteForbiddenAttempts((attempt) => {
  if (!attempts.includes(attempt)) attempts.push(attempt);
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only after the attempts are being noted
const tasks = require('./render-tasks') as typeof import('./render-tasks');

function reply(message: RendererReply): void {
  process.send?.(message);
}

let current: number | undefined;

// A section's stray error (a failed connection nobody listens to) ends this renderer, saying why.
process.on('uncaughtException', (error) => {
  reply({ id: current ?? -1, ok: false, error: describe(error), attempts, crashed: true });
  process.exit(70);
});

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

process.on('message', (message: RendererMessage) => {
  if (message.kind === 'settings') return tasks.configure(message.settings);
  const { id, name, task } = message;
  current = id;
  attempts = [];
  Promise.resolve()
    .then(() => tasks.run(name, task))
    .then(
      (value) => reply({ id, ok: true, value, attempts }),
      (error: unknown) => reply({ id, ok: false, error: describe(error), attempts }),
    )
    .finally(() => {
      current = undefined;
    });
});
// The parent went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
