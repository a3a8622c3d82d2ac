// Entry of a render worker thread (render-pool.ts). Beside the compiled server (api/dist) the task
// module is plain JavaScript; from source (the server run by tsx, the CLIs, Jest) tsx compiles it.
const compiled = require('node:path').join(__dirname, 'render-tasks.js');
if (require('node:fs').existsSync(compiled)) {
  module.exports = require(compiled);
} else {
  require('tsx/cjs/api').register();
  module.exports = require('./render-tasks.ts');
}
