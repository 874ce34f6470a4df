import { type ChildProcess, spawn } from 'node:child_process';

export interface SupervisorLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface SuperviseOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log: SupervisorLog;
  /** First pause before a restart; it doubles while the server keeps dying young, up to maxDelayMs. */
  restartDelayMs?: number;
  maxDelayMs?: number;
  /** A server that ran this long had a good life: the next restart waits restartDelayMs again. */
  stableMs?: number;
  /** How long a stop may take before the server is killed. */
  stopTimeoutMs?: number;
}

export interface Supervisor {
  /** The server process running now (null while it waits to restart). */
  readonly child: ChildProcess | null;
  /** Restarts so far. */
  readonly restarts: number;
  /** Passes the signal on and resolves with the server's exit code once it has stopped. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  /** Resolves when the supervisor itself is done: the server stopped on request, or exited on its own with 0 or 2. */
  readonly done: Promise<number>;
}

/** Exit codes after which a restart would not help: a clean stop, and a configuration the server refused. */
const FINAL_CODES = new Set([0, 2]);
const STDERR_LINES_KEPT = 40;
/** The line that says why: V8's own FATAL ERROR first (its stack trace follows it), else the last error line. */
const FATAL = [/FATAL ERROR|Fatal error|fatal error/, /Error|error|ERR_|Aborted|out of memory/];

/**
 * Runs the server and brings it back when anything kills it (issue 28): an out-of-memory abort, a
 * crash, a kill -9. Each exit is logged with its cause (exit code or signal) and the server's last
 * fatal line on stderr, which the supervisor passes through as it comes. The server runs in its own
 * process group, so a Ctrl-C reaches it once, through the supervisor; it watches the supervisor
 * through an IPC channel and stops when the supervisor is gone (supervisor/childWatch.ts).
 */
export function supervise(options: SuperviseOptions): Supervisor {
  const base = options.restartDelayMs ?? 1_000;
  let delay = base;
  let child: ChildProcess | null = null;
  let restarts = 0;
  let stopping = false;
  let stopSignal: NodeJS.Signals | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const start = () => {
    timer = null;
    const startedAt = Date.now();
    const lines: string[] = [];
    let partial = '';
    const current = spawn(options.command, options.args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['inherit', 'inherit', 'pipe', 'ipc'], detached: true });
    child = current;
    options.log.info({ pid: current.pid, restarts }, restarts === 0 ? 'server started' : 'server restarted');
    current.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      const text = partial + chunk.toString('utf8');
      const split = text.split('\n');
      partial = split.pop() ?? '';
      for (const line of split) if (line.trim()) lines.push(line.trim());
      if (lines.length > STDERR_LINES_KEPT) lines.splice(0, lines.length - STDERR_LINES_KEPT);
    });
    current.once('exit', (code, signal) => {
      child = null;
      if (partial.trim()) lines.push(partial.trim());
      const lastFatal = FATAL.map((pattern) => [...lines].reverse().find((line) => pattern.test(line))).find(Boolean) ?? lines.at(-1) ?? null;
      if (stopping || (code !== null && FINAL_CODES.has(code))) {
        options.log.info({ code, signal }, stopping ? 'server stopped' : 'server exited');
        // Ended by the signal it was asked to stop with: a stop as asked.
        finish(code ?? (signal === stopSignal ? 0 : 1));
        return;
      }
      if (Date.now() - startedAt >= (options.stableMs ?? 60_000)) delay = base;
      restarts += 1;
      options.log.error({ code, signal, lastFatal, restartInMs: delay, restarts }, `server died (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting`);
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 30_000);
    });
  };
  start();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    done,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      stopping = true;
      stopSignal = signal;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        finish(0);
      }
      const running = child;
      if (running) {
        running.kill(signal);
        const force = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 30_000);
        force.unref();
        void done.then(() => clearTimeout(force));
      }
      return done;
    },
  };
}
