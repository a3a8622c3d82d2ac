/**
 * A pool of renderer processes (render-child.ts), each started sandboxed (sandbox-command.ts) and
 * reused across requests. Each runs one task at a time with one more queued behind it. A task past
 * its deadline ends its process (a loop that never returns), as does a crash or a heap past its
 * ceiling; the task fails, `onFault` is told, a fresh process is started, and the tasks queued behind
 * it go to another renderer. The published content goes to each process once per revision, not with
 * every task.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from '../platform/logger';
import type { RendererMessage, RendererReply, RendererSettings, TaskName, WireContent } from './renderer-protocol';
import type { SandboxCommand } from './sandbox-command';

/** What the code a task ran tried and was refused, with the task's outcome. */
export interface TaskOutcome<T> {
  value: T;
  attempts: string[];
}

/** A task that failed: its error, and what the code tried that it was not allowed. */
export class TaskFailed extends Error {
  constructor(
    message: string,
    readonly attempts: string[],
    /** The process was ended or died (not an error the task itself answered with). */
    readonly fault: boolean,
  ) {
    super(message);
  }
}

const RESTART_PAUSE_MS = 1000;
/**
 * Tasks sent to one renderer before it answers: the one it runs and one queued behind it, so it
 * starts the next as soon as it answers instead of idling a round trip for the api to send it.
 */
const PIPELINE_DEPTH = 2;
/**
 * A renderer whose task has run this long has the task queued behind it taken back for an idle
 * one: a slow or looping render holds up no other page for its whole deadline.
 */
export const STALLED_MS = 250;

interface Pending {
  name: TaskName;
  task: Record<string, unknown>;
  deadlineMs: number;
  content: WireContent | undefined;
  resolve(outcome: TaskOutcome<unknown>): void;
  reject(error: TaskFailed): void;
}

/** A task sent to a renderer; the first of its list is the one it runs, with a deadline from when it began. */
interface Sent {
  id: number;
  pending: Pending;
  startedMs?: number;
  timer?: NodeJS.Timeout;
}

interface Renderer {
  child: ChildProcess;
  startedMs: number;
  sent: Sent[];
  contentRevision?: number;
  dead: boolean;
}

export interface ProcessPoolOptions {
  command: SandboxCommand;
  /** A folder inside the builds: the processes' working folder. */
  cwd: string;
  settings: RendererSettings;
  size: number;
  logger: Logger;
  /** A process was ended or died while running `name`. */
  onFault?(name: TaskName, task: Record<string, unknown>, reason: string): void;
}

export class ProcessPool {
  private readonly renderers: Renderer[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ProcessPoolOptions) {
    for (let i = 0; i < options.size; i += 1) this.renderers.push(this.start());
  }

  get queueSize(): number {
    return this.queue.length;
  }

  get size(): number {
    return this.renderers.length;
  }

  /** The processes' ids (for measuring their memory). */
  pids(): number[] {
    return this.renderers.flatMap((r) => (r.child.pid === undefined ? [] : [r.child.pid]));
  }

  run<T>(name: TaskName, task: Record<string, unknown>, deadlineMs: number, content?: WireContent): Promise<TaskOutcome<T>> {
    if (this.closed) return Promise.reject(new TaskFailed('the renderers are closed', [], false));
    return new Promise<TaskOutcome<T>>((resolve, reject) => {
      this.queue.push({ name, task, deadlineMs, content, resolve: resolve as Pending['resolve'], reject });
      this.dispatch();
    });
  }

  private start(): Renderer {
    const { command, cwd, settings } = this.options;
    const child = spawn(command.command, command.args, {
      cwd,
      // Nothing of the api's environment (Node adds only its IPC channel's descriptor).
      env: {},
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const renderer: Renderer = { child, startedMs: Date.now(), sent: [], dead: false };
    child.on('message', (reply: RendererReply) => this.answered(renderer, reply));
    child.on('exit', (code, signal) => this.died(renderer, signal ? `ended by ${signal}` : `exited with code ${code}`));
    child.on('error', (error) => this.died(renderer, error.message));
    child.send({ kind: 'settings', settings } satisfies RendererMessage);
    return renderer;
  }

  /** Idle renderers first, then one task queued behind each busy one; a stalled one's queued task goes to an idle one. */
  private dispatch(): void {
    if (this.closed) return;
    for (let depth = 0; depth < PIPELINE_DEPTH; depth += 1) {
      for (const renderer of this.renderers) {
        if (renderer.dead || renderer.sent.length !== depth) continue;
        if (this.queue.length === 0) this.takeBackStalled();
        const pending = this.queue.shift();
        if (!pending) return;
        this.send(renderer, pending);
      }
    }
  }

  private send(renderer: Renderer, pending: Pending): void {
    const id = this.nextId++;
    const fresh = pending.content && pending.content.revision !== renderer.contentRevision;
    const task = fresh ? { ...pending.task, content: pending.content } : pending.task;
    if (pending.content) renderer.contentRevision = pending.content.revision;
    renderer.sent.push({ id, pending });
    if (renderer.sent.length === 1) this.begin(renderer);
    // Queued behind a task: looked at again once that one could be stalled, for an idle renderer to take.
    else setTimeout(() => this.dispatch(), STALLED_MS + 10).unref();
    renderer.child.send({ kind: 'task', id, name: pending.name, task } satisfies RendererMessage);
  }

  /** The renderer's first task has begun: its deadline runs from now. */
  private begin(renderer: Renderer): void {
    const head = renderer.sent[0];
    if (!head) return;
    head.startedMs = Date.now();
    head.timer = setTimeout(() => this.end(renderer, `no answer within ${head.pending.deadlineMs} ms`), head.pending.deadlineMs);
  }

  /** Tasks queued behind a task running past STALLED_MS go back to the queue (the renderer is told to skip them). */
  private takeBackStalled(): void {
    const now = Date.now();
    for (const renderer of this.renderers) {
      const [head, ...behind] = renderer.sent;
      if (renderer.dead || !head || behind.length === 0 || now - (head.startedMs ?? now) < STALLED_MS) continue;
      renderer.sent = [head];
      for (const sent of behind) renderer.child.send({ kind: 'cancel', id: sent.id } satisfies RendererMessage);
      this.queue.unshift(...behind.map((sent) => sent.pending));
      // The renderer may have missed this revision's content with the task it skips.
      renderer.contentRevision = undefined;
    }
  }

  private answered(renderer: Renderer, reply: RendererReply): void {
    const head = renderer.sent[0];
    if (!head || head.id !== reply.id) return;
    clearTimeout(head.timer);
    renderer.sent.shift();
    if (reply.ok) head.pending.resolve({ value: reply.value, attempts: reply.attempts });
    else head.pending.reject(new TaskFailed(reply.error, reply.attempts, reply.crashed === true));
    if (!reply.ok && reply.crashed) {
      // The process is ending: it takes no further task, and a fresh one is started now.
      this.options.onFault?.(head.pending.name, head.pending.task, reply.error);
      this.end(renderer, `crashed: ${reply.error}`);
      return;
    }
    this.begin(renderer);
    this.dispatch();
  }

  /** Ends a process that is past its deadline; `died` replaces it. */
  private end(renderer: Renderer, reason: string): void {
    renderer.child.kill('SIGKILL');
    this.died(renderer, reason);
  }

  private died(renderer: Renderer, reason: string): void {
    if (renderer.dead) return;
    renderer.dead = true;
    const [head, ...behind] = renderer.sent;
    renderer.sent = [];
    // Tasks queued behind the one that failed never ran: another renderer takes them, first.
    if (this.closed) for (const sent of behind) sent.pending.reject(new TaskFailed('the renderers are closed', [], false));
    else this.queue.unshift(...behind.map((sent) => sent.pending));
    if (head) {
      clearTimeout(head.timer);
      this.options.logger.error({ task: head.pending.name, reason }, 'a renderer process was ended: the task failed');
      this.options.onFault?.(head.pending.name, head.pending.task, reason);
      head.pending.reject(new TaskFailed(`the renderer process ${reason}`, [], true));
    }
    // One that dies on its own as it starts (a broken install) is started again after a pause, not in a loop.
    const pause = !head && Date.now() - renderer.startedMs < RESTART_PAUSE_MS;
    if (!pause) this.replace(renderer);
    else setTimeout(() => this.replace(renderer), RESTART_PAUSE_MS).unref();
    this.dispatch();
  }

  private replace(renderer: Renderer): void {
    const index = this.renderers.indexOf(renderer);
    if (index < 0 || this.closed) return;
    this.renderers[index] = this.start();
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new TaskFailed('the renderers are closed', [], false));
    await Promise.all(
      this.renderers.map(
        (renderer) =>
          new Promise<void>((resolve) => {
            if (renderer.dead || renderer.child.exitCode !== null) return resolve();
            renderer.child.once('exit', () => resolve());
            renderer.child.kill('SIGKILL');
          }),
      ),
    );
  }
}
