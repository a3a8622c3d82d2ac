// Entry of a render worker thread (render-pool.ts). Registers tsx so the TypeScript task module loads
// the same way under the server, the CLIs and Jest, then hands piscina the tasks.
require('tsx/cjs/api').register();
module.exports = require('./render-tasks.ts');
