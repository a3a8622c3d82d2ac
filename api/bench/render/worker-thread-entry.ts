/**
 * A render worker thread as the api ran them before renderers became processes: the same task
 * module (render-tasks.ts) inside the api process, with no sandbox. The bench's baseline only.
 */
import { workerData } from 'node:worker_threads';
import * as tasks from '../../src/site/render-tasks';
import type { RendererSettings, TaskName, WireContent } from '../../src/site/renderer-protocol';

const { settings, content } = workerData as { settings: RendererSettings; content: WireContent };
tasks.configure(settings);
// The content once, when the thread starts: the baseline pays nothing per task for it.
tasks.run('warm', { content });

export default function run({ name, task }: { name: TaskName; task: Record<string, unknown> }): unknown {
  return tasks.run(name, task);
}
