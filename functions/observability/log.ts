import { config } from '../config';

/** Structured JSON logs, one object per line, tagged with the request id. `LOG_LEVEL=silent` mutes them. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  return order[config().logLevel];
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** A logger whose lines all carry `base` (for example the request id and route). */
export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (order[level] < threshold()) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...fields });
    process.stdout.write(`${line}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

/** Error details safe for logs (never sent to clients). */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
