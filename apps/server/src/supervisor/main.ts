// `npm start`: the server under its supervisor (supervise.ts), which restarts it whatever kills it.
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { supervise } from './supervise.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const childWatch = new URL('./childWatch.ts', import.meta.url).href;
const log = pino({ name: 'supervisor', level: process.env.LOG_LEVEL === 'silent' ? 'silent' : 'info' });

const supervisor = supervise({
  command: process.execPath,
  args: ['--max-semi-space-size=64', '--import', 'tsx', '--import', childWatch, 'src/main.ts'],
  cwd: serverDir,
  log,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    log.info({ signal }, 'stopping the server');
    void supervisor.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
void supervisor.done.then((code) => process.exit(code));
