/** A private redis-server on a free loopback port, for the tests of limits shared by processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface PrivateRedis {
  url: string;
  stop(): void;
}

export async function startRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const redis = await new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    child.on('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(child);
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill() };
}
