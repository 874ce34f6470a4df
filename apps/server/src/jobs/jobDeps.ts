import type { ServerDeps } from '../graphql/context.ts';

/** Structured log lines (pino's shape: an object or error first, then the message). */
export interface JobLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** What a job handler gets: the server's dependencies (database, config, clock, queue, messages) and a log. */
export interface JobDeps extends ServerDeps {
  log: JobLog;
}
