/**
 * The zod every schema here is built with. `jitless`: zod otherwise probes `new Function` to compile
 * fast parsers, which the site's Content-Security-Policy (no 'unsafe-eval') reports as a violation in
 * the browser. Interpreted parsing is plenty fast for a form and a few content files.
 * This file is the api package's one declared side effect (package.json `sideEffects`), so bundlers
 * keep the config call instead of importing zod past it.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
