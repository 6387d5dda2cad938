/**
 * Price feed fixtures (docs/prices.md): HTTP price sources served by the test itself on 127.0.0.1, a
 * Chainlink-style aggregator (MockAggregator.sol beside this file, compiled with solc-js) deployed
 * on a local ganache chain, a price configuration read the way the server reads it, and one poll
 * of the feed at the fake clock's time.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ContractFactory, type Contract, type Signer } from 'ethers';
import type { Db } from '../../../server/db';
import { parsePriceConfig, type PriceConfig } from '../../../server/prices/config';
import { pollPrices, type PollResult } from '../../../server/prices/feed';
import { ChainReaders } from '../../../server/prices/sources';
import type { Clock } from '../../../server/time';
import { startTestApp, type TestApp, type TestAppOptions } from './app';

/* ---------- HTTP sources ---------- */

/** what one path answers: a status, a body (an object is sent as JSON), after an optional delay */
export interface Answer {
  status?: number;
  body?: unknown;
  /** the raw bytes or text to send instead of `body` */
  raw?: string | Buffer;
  contentType?: string;
  delayMs?: number;
  headers?: Record<string, string>;
  /** a body without end (chunked, no content-length): 16 KiB of digits every few ms until the client goes */
  endless?: boolean;
}

export interface PriceServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** what `path` answers from now on */
  answer(path: string, answer: Answer): void;
  /** a source URL: origin + path + '#' + pointer */
  url(path: string, pointer: string): string;
  /** how many requests each path got */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startPriceServer(): Promise<PriceServer> {
  const answers = new Map<string, Answer>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, body: { error: 'no such price' } };
    const send = () => {
      if (response.destroyed) return;
      if (answer.endless) {
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.write('{"price": "2500", "padding": "');
        const chunk = '7'.repeat(16 * 1024);
        const timer = setInterval(() => {
          if (response.destroyed || response.writableEnded) clearInterval(timer);
          else response.write(chunk);
        }, 2);
        response.on('close', () => clearInterval(timer));
        return;
      }
      const raw = answer.raw ?? JSON.stringify(answer.body ?? null);
      response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json', ...answer.headers });
      response.end(raw);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    answer: (p, a) => answers.set(p, a),
    url: (p, pointer) => `${origin}${p}#${pointer}`,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/* ---------- configuration and polling ---------- */

/**
 * A price configuration parsed from `env` as the server parses it, with the demo feed held at the
 * seed's prices (as in testConfig) for the currencies without sources unless `env` says otherwise.
 */
export function priceConfig(env: Record<string, string>): PriceConfig {
  return parsePriceConfig({ PRICE_DEMO: 'fixed', ...env });
}

/** One poll of every currency with sources, at the clock's time (the job's run, without its timer). */
export async function poll(db: Db, config: PriceConfig, clock: Clock, chain?: ChainReaders): Promise<PollResult[]> {
  const readers = chain ?? new ChainReaders();
  try {
    return await pollPrices(db, config, readers, () => clock.now(), new AbortController().signal);
  } finally {
    if (!chain) readers.close();
  }
}

/* ---------- the Chainlink-style aggregator ---------- */

interface Artifact {
  abi: unknown[];
  bytecode: string;
}

let compiled: Artifact | undefined;

/** MockAggregator.sol compiled with the solc npm package (standard JSON; paris: no PUSH0, for ganache 7). */
export function aggregatorArtifact(): Artifact {
  if (compiled) return compiled;
  // solc-js ships no type declarations
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'MockAggregator.sol': { content: fs.readFileSync(path.join(__dirname, 'MockAggregator.sol'), 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['MockAggregator.sol'].MockAggregator;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export interface Aggregator {
  address: string;
  /** publishes a round: the raw answer (in the aggregator's decimals) and updatedAt in ms (whole seconds are kept) */
  setRound(answer: bigint, updatedAtMs: number): Promise<void>;
}

export async function deployAggregator(deployer: Signer, decimals: number): Promise<Aggregator> {
  const { abi, bytecode } = aggregatorArtifact();
  const contract = (await new ContractFactory(abi as never, bytecode, deployer).deploy(decimals)) as Contract;
  await contract.waitForDeployment();
  return {
    address: await contract.getAddress(),
    setRound: async (answer, updatedAtMs) => {
      const tx = await (contract.setRound as (a: bigint, u: bigint) => Promise<{ wait(): Promise<unknown> }>)(answer, BigInt(Math.floor(updatedAtMs / 1000)));
      await tx.wait();
    },
  };
}

/* ---------- an app whose prices come from HTTP sources ---------- */

export interface PricedApp {
  t: TestApp;
  server: PriceServer;
  config: PriceConfig;
  /** what a currency's sources answer from now on: one price for all, or one per source (null: HTTP 503) */
  answer(currency: string, ...prices: Array<string | null>): void;
  /** one poll of the feed, `advanceMs` after the clock's time */
  pollNow(advanceMs?: number): Promise<PollResult[]>;
  close(): Promise<void>;
}

/**
 * A seeded test app whose market currencies in `sources` (currency → how many sources) are priced
 * by HTTP sources served on 127.0.0.1 (`/<CUR>/<n>`, the price at `/price`), the others by the
 * demo feed held at the seed's prices; `env` adds price settings (PRICE_MIN_SOURCES, ...).
 */
export async function startPricedApp(sources: Record<string, number>, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<PricedApp> {
  const server = await startPriceServer();
  const paths = (currency: string) => Array.from({ length: sources[currency] }, (_, i) => `/${currency}/${i + 1}`);
  const config = priceConfig({
    ...Object.fromEntries(Object.keys(sources).map((currency) => [`PRICE_SOURCES_${currency}`, paths(currency).map((p) => server.url(p, '/price')).join(',')])),
    ...env,
  });
  const t = await startTestApp({ seed: true, ...options, config: { ...options.config, prices: config } });
  const answer = (currency: string, ...prices: Array<string | null>) => {
    paths(currency).forEach((p, i) => {
      const price = prices.length === 1 ? prices[0] : prices[i];
      server.answer(p, price === null || price === undefined ? { status: 503, body: { error: 'down' } } : { body: { price } });
    });
  };
  return {
    t,
    server,
    config,
    answer,
    pollNow: async (advanceMs = 1000) => {
      t.clock.advance(advanceMs);
      return poll(t.db, config, t.clock);
    },
    close: async () => {
      await t.close();
      await server.close();
    },
  };
}
