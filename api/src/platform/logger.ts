import pino, { type Logger } from 'pino';

/**
 * What an error log line keeps of an error: its kind, message, stack and code. Nothing else: an
 * error thrown while reading a request (a parse failure, say) carries the body it could not read,
 * and a request body (a lead's name and e-mail) never goes into a log.
 */
function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const { code, status } = err as { code?: unknown; status?: unknown };
  return { type: err.name, message: err.message, stack: err.stack, ...(code ? { code } : {}), ...(status ? { status } : {}) };
}

/**
 * JSON logs (to stdout, or `destination`). A visitor's personal data (a lead's name, e-mail) never
 * goes into a log line: a lead is logged by id only. Staff are named: a token's variable name, or
 * the editor's account, as in the audit trail.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'cardlift-api' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { err: errorFields },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
