// Entry of an upload's worker thread (upload-worker.ts). Registers tsx so the TypeScript task module
// loads the same way under the server, the CLIs and Jest, then answers the one task it was given.
// First of all the thread lowers its own priority (on Linux a nice value is a thread's own): on a
// busy machine the api's thread, which answers every request, gets the processor first.
try {
  require('node:os').setPriority(19);
} catch {
  // A platform that cannot: the work still runs, at the usual priority.
}
require('tsx/cjs/api').register();
const { parentPort, workerData } = require('node:worker_threads');
const { processUpload } = require('./upload-task.ts');

processUpload(workerData).then(
  (outcome) => parentPort.postMessage(outcome),
  (error) => parentPort.postMessage({ ok: false, status: 500, message: error instanceof Error ? error.message : String(error) }),
);
