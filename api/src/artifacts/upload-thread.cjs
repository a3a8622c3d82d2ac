// Entry of an upload's worker thread (upload-worker.ts). Beside the compiled server (api/dist) the task
// module is plain JavaScript; from source (the server run by tsx, the CLIs, Jest) tsx compiles it.
// The thread answers the one task it was given.
// First of all the thread lowers its own priority (on Linux a nice value is a thread's own): on a
// busy machine the api's thread, which answers every request, gets the processor first. Nice 10, not
// 19: Linux then gives the upload about a tenth of what a busy thread at the normal priority gets,
// where 19 gave it about 1/70. Beside some fifty busy processes (a launch-day spike, or the skew
// drill's browsers), 19 left a 1 MB build unpacked after 3 minutes and the release was refused.
try {
  require('node:os').setPriority(10);
} catch {
  // A platform that cannot: the work still runs, at the usual priority.
}
const compiled = require('node:path').join(__dirname, 'upload-task.js');
const fromSource = !require('node:fs').existsSync(compiled);
if (fromSource) require('tsx/cjs/api').register();
const { parentPort, workerData } = require('node:worker_threads');
const { processUpload } = require(fromSource ? './upload-task.ts' : compiled);

processUpload(workerData).then(
  (outcome) => parentPort.postMessage(outcome),
  (error) => parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
