/**
 * Starts the real PowerFi server (`server/main.ts`, what `npm start` runs) on a free loopback
 * port with an empty SQLite database in a temp folder, serving the global set-up's snapshot of
 * the built app, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_DIST_ENV, ROOT } from './paths';

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** everything the server printed so far (for failure messages) */
  logs: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'powerfi-e2e-db-'));
  // what `npm start` runs
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // its own process group, so stop() reaches anything the server starts too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      // production refuses to start without it: the one origin the browser opens
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dataDir, 'powerfi.sqlite'),
      DIST_DIR: process.env[E2E_DIST_ENV] ?? '',
      DATABASE_URL: '',
      REDIS_URL: '',
      // the start-up line that says "listening" is logged at info level
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
  });
  let output = '';
  const logs = () => output;

  /** SIGTERM to the whole group, SIGKILL whatever is left after a while. */
  const stop = async () => {
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // the group is gone already
      }
    };
    signalGroup('SIGTERM');
    await waitForExit(child, STOP_TIMEOUT_MS);
    signalGroup('SIGKILL');
    child.stdout!.destroy();
    child.stderr!.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not say "listening" within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening/i.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return { url: `http://127.0.0.1:${port}`, logs, stop };
}
