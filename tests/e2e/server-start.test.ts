/**
 * The suite's server start, with test files running side by side: a port free when chosen may be
 * taken by another file's server before this one listens. The start goes on on another port.
 */
import { createServer, type Server } from 'node:net';
import { freePort, marketPrices, startServer, type RunningServer } from './support/server';

let taken: Server;
let takenPort: number;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  takenPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
});

it('a port taken before the server listens: the server starts on another, and answers there', async () => {
  const tried: number[] = [];
  const choosePort = async () => {
    const port = tried.length === 0 ? takenPort : await freePort();
    tried.push(port);
    return port;
  };
  let server: RunningServer | undefined;
  try {
    server = await startServer({}, { choosePort });
    expect(tried).toHaveLength(2);
    expect(tried[0]).toBe(takenPort);
    expect(server.url).toBe(`http://127.0.0.1:${tried[1]}`);
    expect((await marketPrices(server.url)).every((price) => price.usable)).toBe(true);
  } finally {
    await server?.stop();
  }
});

it('any other failure to start is not retried', async () => {
  const tried: number[] = [];
  const choosePort = async () => {
    const port = await freePort();
    tried.push(port);
    return port;
  };
  // production refuses to start without the one origin the browser opens
  await expect(startServer({ PUBLIC_ORIGIN: '' }, { choosePort })).rejects.toThrow(/exited .* before listening/);
  expect(tried).toHaveLength(1);
});
