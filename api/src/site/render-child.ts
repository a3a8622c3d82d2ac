/**
 * Entry of a renderer process (render-processes.ts starts it sandboxed: see sandbox-command.ts). It
 * answers one task at a time over IPC, in the order sent. Everything a task needs (settings, the
 * published content, the registry, the request's facts) arrives in the messages; the process holds
 * no secret to give away.
 * What the code it runs tried and was not allowed to do comes back with each answer.
 */
import { noteForbiddenAttempts } from './forbidden-attempts';
import type { RendererMessage, RendererReply, TaskName } from './renderer-protocol';
import * as tasks from './render-tasks';

let attempts: string[] = [];
// Before any section's build loads (the tasks load them, never at import).
noteForbiddenAttempts((attempt) => {
  if (!attempts.includes(attempt)) attempts.push(attempt);
});

function reply(message: RendererReply): void {
  process.send?.(message);
}

let current: number | undefined;

// A section's stray error (a failed connection nobody listens to) ends this renderer, saying why.
process.on('uncaughtException', (error) => {
  reply({ id: current ?? -1, ok: false, error: describe(error), attempts, crashed: true });
  process.exit(70);
});

/** An error's message; for a refused access, what was refused (Node's message alone does not say). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, resource, permission } = error as { code?: string; resource?: string; permission?: string };
  return code === 'ERR_ACCESS_DENIED' ? `${error.message} (${permission ?? ''} ${resource ?? ''})` : error.message;
}

/** Tasks begun one after the other: the api queues one behind the running one (render-processes.ts). */
let queue: Promise<void> = Promise.resolve();
const cancelled = new Set<number>();
/** Task ids grow: a cancel for one already begun (its answer crossed the cancel) is ignored. */
let lastBegun = 0;

function handle(id: number, name: TaskName, task: Record<string, unknown>): Promise<void> {
  if (cancelled.delete(id)) return Promise.resolve();
  lastBegun = id;
  current = id;
  attempts = [];
  return Promise.resolve()
    .then(() => tasks.run(name, task))
    .then(
      (value) => reply({ id, ok: true, value, attempts }),
      (error: unknown) => reply({ id, ok: false, error: describe(error), attempts }),
    )
    .finally(() => {
      current = undefined;
    });
}

process.on('message', (message: RendererMessage) => {
  if (message.kind === 'settings') return tasks.configure(message.settings);
  if (message.kind === 'cancel') return void (message.id > lastBegun && cancelled.add(message.id));
  const { id, name, task } = message;
  queue = queue.then(() => handle(id, name, task));
});
// The parent went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
