/**
 * A pool of renderer processes (render-child.ts), each started sandboxed (sandbox-command.ts) and
 * reused across requests, one task at a time each. A task past its deadline ends its process (a loop
 * that never returns), as does a crash or a heap past its ceiling; the task fails, a fresh process
 * takes the next one, and `onFault` is told. The published content goes to each process once per
 * revision, not with every task.
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

interface Pending {
  name: TaskName;
  task: Record<string, unknown>;
  deadlineMs: number;
  content: WireContent | undefined;
  resolve(outcome: TaskOutcome<unknown>): void;
  reject(error: TaskFailed): void;
}

interface Renderer {
  child: ChildProcess;
  startedMs: number;
  busy?: { id: number; pending: Pending; timer: NodeJS.Timeout };
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
    const renderer: Renderer = { child, startedMs: Date.now(), dead: false };
    child.on('message', (reply: RendererReply) => this.answered(renderer, reply));
    child.on('exit', (code, signal) => this.died(renderer, signal ? `ended by ${signal}` : `exited with code ${code}`));
    child.on('error', (error) => this.died(renderer, error.message));
    child.send({ kind: 'settings', settings } satisfies RendererMessage);
    return renderer;
  }

  private dispatch(): void {
    for (const renderer of this.renderers) {
      if (renderer.busy || renderer.dead) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      const id = this.nextId++;
      const fresh = pending.content && pending.content.revision !== renderer.contentRevision;
      const task = fresh ? { ...pending.task, content: pending.content } : pending.task;
      if (pending.content) renderer.contentRevision = pending.content.revision;
      const timer = setTimeout(() => this.end(renderer, `no answer within ${pending.deadlineMs} ms`), pending.deadlineMs);
      renderer.busy = { id, pending, timer };
      renderer.child.send({ kind: 'task', id, name: pending.name, task } satisfies RendererMessage);
    }
  }

  private answered(renderer: Renderer, reply: RendererReply): void {
    const busy = renderer.busy;
    if (!busy || busy.id !== reply.id) return;
    clearTimeout(busy.timer);
    renderer.busy = undefined;
    if (reply.ok) busy.pending.resolve({ value: reply.value, attempts: reply.attempts });
    else busy.pending.reject(new TaskFailed(reply.error, reply.attempts, reply.crashed === true));
    if (!reply.ok && reply.crashed) {
      // The process is ending: it takes no further task, and a fresh one is started now.
      this.options.onFault?.(busy.pending.name, busy.pending.task, reply.error);
      this.end(renderer, `crashed: ${reply.error}`);
      return;
    }
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
    const busy = renderer.busy;
    if (busy) {
      clearTimeout(busy.timer);
      this.options.logger.error({ task: busy.pending.name, reason }, 'a renderer process was ended: the task failed');
      this.options.onFault?.(busy.pending.name, busy.pending.task, reason);
      busy.pending.reject(new TaskFailed(`the renderer process ${reason}`, [], true));
    }
    // One that dies on its own as it starts (a broken install) is started again after a pause, not in a loop.
    const pause = !busy && Date.now() - renderer.startedMs < RESTART_PAUSE_MS;
    if (!pause) return this.replace(renderer);
    setTimeout(() => this.replace(renderer), RESTART_PAUSE_MS).unref();
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
