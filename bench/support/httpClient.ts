/**
 * The load generator's HTTP client: node:http over kept-alive sockets. Node's `fetch` (undici
 * behind web streams) took the generator 350–420 µs of CPU per call against a hello-world server
 * that spent 90–110 µs answering it: on cores the servers under test share with the generator,
 * that cost was taken from them.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

export interface Answer {
  status: number;
  body: string;
}

export function request(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
