/**
 * Several PowerFi processes on one database behind a tiny round-robin balancer: the compose-free
 * recipe of docs/deploy.md, and what tests/server/cluster.test.ts starts.
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://127.0.0.1:6379 PUBLIC_ORIGIN=https://powerfi.example \
 *     CLUSTER_PROCESSES=2 PORT=8000 node --import tsx server/cluster.ts
 *
 * Each process is `server/main.ts` (what `npm start` runs) with the same environment, listening on
 * 127.0.0.1 at PORT + 1, PORT + 2, …, and trusting X-Forwarded-* from 127.0.0.1 only (the
 * balancer: a caller that reaches a process directly cannot name its own client address). The
 * first process starts alone, so that it alone migrates and seeds; the others once it listens.
 * The balancer listens on PORT, sends each request to the next process in turn, appends the
 * caller's address to X-Forwarded-For and says which process answered in `x-powerfi-upstream`.
 * A process that refuses the connection is skipped (a rolling restart); SIGTERM / SIGINT stop the
 * balancer, then each process as `npm start` stops (requests and job runs in flight finish).
 *
 * In production put a real reverse proxy (nginx, a cloud load balancer) in front instead of this
 * balancer, with TRUST_PROXY naming it; the processes are the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export interface ClusterOptions {
  /** how many server processes (≥ 1) */
  processes: number;
  /** the balancer's port; the processes take the ones after it */
  port: number;
  /** the processes' environment (DATABASE_URL, REDIS_URL, PUBLIC_ORIGIN, …) */
  env: NodeJS.ProcessEnv;
  /** told of every line a process prints */
  onOutput?: (process: number, text: string) => void;
}

export interface RunningCluster {
  url: string;
  /** each process's own address, behind no balancer (what a one-process benchmark measures) */
  processUrls: string[];
  /** the server processes' ids (e.g. to read their CPU time) */
  pids: number[];
  /** stops the balancer, then every process (SIGTERM, then SIGKILL after a while) */
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves once the process answers HTTP on its port (whatever its log level). */
async function answering(port: number, child: ChildProcess, index: number, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process ${index} exited (${child.exitCode ?? child.signalCode}) before listening:\n${output()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/v1/web/features`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`process ${index} did not listen within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

async function startProcess(index: number, port: number, options: ClusterOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port), TRUST_PROXY: '127.0.0.1' },
  });
  // kept until the process listens, for the error message of a failed start
  let output: string | null = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    options.onOutput?.(index, text);
    if (output !== null) output += text;
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  try {
    await answering(port, child, index, () => output ?? '');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  output = null;
  return child;
}

/** Round robin over `ports`; a process that refuses the connection is skipped. */
function startBalancer(port: number, ports: number[]): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((request, response) => {
    const forward = (tries: number) => {
      const index = next++ % ports.length;
      const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = http.request(
        {
          host: '127.0.0.1', port: ports[index], method: request.method, path: request.url, agent,
          headers: { ...request.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': request.headers['x-forwarded-proto'] ?? 'http', 'x-forwarded-host': request.headers.host ?? '' },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-powerfi-upstream': String(index) });
          answer.pipe(response);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // nothing was sent yet when the connection was refused: another process may take it
        if (error.code === 'ECONNREFUSED' && tries > 1 && !response.headersSent) return forward(tries - 1);
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('bad gateway');
      });
      request.pipe(upstream);
    };
    forward(ports.length);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!Number.isInteger(options.processes) || options.processes < 1) throw new Error(`CLUSTER_PROCESSES must be a whole number ≥ 1, got ${options.processes}`);
  const ports = Array.from({ length: options.processes }, (_, i) => options.port + 1 + i);
  const children: ChildProcess[] = [];
  let balancer: http.Server | null = null;
  const stop = async () => {
    if (balancer) await new Promise<void>((resolve) => balancer!.close(() => resolve()));
    balancer?.closeAllConnections();
    await Promise.all(
      children.map(async (child) => {
        child.kill('SIGTERM');
        await waitForExit(child, STOP_TIMEOUT_MS);
        child.kill('SIGKILL');
      }),
    );
  };
  try {
    // the first alone: it migrates and seeds
    children.push(await startProcess(0, ports[0], options));
    children.push(...(await Promise.all(ports.slice(1).map((port, i) => startProcess(i + 1, port, options)))));
    balancer = await startBalancer(options.port, ports);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, processUrls: ports.map((port) => `http://127.0.0.1:${port}`), pids: children.map((child) => child.pid!), stop };
}

if (require.main === module) {
  const processes = Number(process.env.CLUSTER_PROCESSES || 2);
  const port = Number(process.env.PORT || 8000);
  startCluster({ processes, port, env: process.env, onOutput: (index, text) => process.stdout.write(text.replace(/^/gm, `[${index}] `)) }).then(
    (cluster) => {
      console.log(`PowerFi cluster: ${processes} processes behind ${cluster.url}`);
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        void cluster.stop().then(() => process.exit(0));
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
