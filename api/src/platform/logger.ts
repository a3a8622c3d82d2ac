import pino, { type Logger } from 'pino';

/** JSON logs. Personal data (names, e-mails) never goes into a log line; a lead is logged by id only. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'cardlift-api' }, redact: ['req.headers.cookie', 'req.headers.authorization'] });
}
export type { Logger };
