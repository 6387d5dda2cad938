/**
 * A server process that dies (SIGKILL, no clean-up, open transactions left as they are) right after
 * its N-th database statement, for the crash-point tests (tests/server/crash-points.test.ts). It is
 * a test-only program: nothing in server/ knows about it, so no production switch can turn it on.
 *
 * It starts ahead of its turn (loading the app takes longer than most runs): argument, the database
 * as JSON; once the app is ready it prints `ready` and reads one JSON line from stdin: N and what to
 * do, either an HTTP request (injected into the real app: routes, hooks, idempotency, ledger), a
 * settlement of one day, or one run of the withdrawal signer against a local chain. Output: one JSON line with the outcome, printed only when the process got
 * that far (fewer than N statements).
 */
import readline from 'node:readline';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { JsonRpcProvider, Network, Wallet } from 'ethers';
import { buildApp } from '../../../server/app';
import { directRpc } from '../../../server/deposits/rpc';
import { WithdrawalSigner, type SignerNetwork } from '../../../server/withdrawals/signer';
import { createDb, type DbOptions } from '../../../server/db';
import { settleDay } from '../../../server/settlement/settleDay';
import { systemClock } from '../../../server/time';
import { testConfig } from './app';

export type CrashAction =
  | { kind: 'request'; method: 'POST'; url: string; headers: Record<string, string>; payload: object }
  | { kind: 'settle'; day: string; utcOffsetMinutes: number }
  | { kind: 'sign'; rpcUrl: string; privateKey: string; net: Omit<SignerNetwork, 'chainId' | 'maxFeePerGas'> & { chainId: string; maxFeePerGas: string } };

export interface CrashOrder {
  crashAtStatement: number;
  action: CrashAction;
}

/** Counts statement results once armed and kills the process right after the N-th. */
class CrashAfterStatement implements KyselyPlugin {
  private seen = 0;
  armed = false;

  n = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.armed && ++this.seen === this.n) process.kill(process.pid, 'SIGKILL');
    return args.result;
  }
}

async function nextLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  throw new Error('stdin closed before the order came');
}

async function main(): Promise<void> {
  const crash = new CrashAfterStatement();
  const db = createDb(JSON.parse(process.argv[2]) as DbOptions).withPlugin(crash);
  const app = buildApp({ db, config: testConfig(), logger: false });
  await app.ready();
  process.stdout.write('ready\n');
  const { crashAtStatement, action } = JSON.parse(await nextLine()) as CrashOrder;
  crash.n = crashAtStatement;
  crash.armed = true;
  if (action.kind === 'sign') {
    const network = Network.from(BigInt(action.net.chainId));
    const provider = new JsonRpcProvider(action.rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
    const signer = new WithdrawalSigner(db, { ...action.net, chainId: BigInt(action.net.chainId), maxFeePerGas: BigInt(action.net.maxFeePerGas) }, new Wallet(action.privateKey), directRpc(provider), systemClock);
    const summary = await signer.run();
    crash.armed = false;
    provider.destroy();
    process.stdout.write(`${JSON.stringify({ completed: true, result: summary })}\n`);
  } else if (action.kind === 'settle') {
    const result = await settleDay(db, action.day, systemClock, action.utcOffsetMinutes);
    crash.armed = false;
    process.stdout.write(`${JSON.stringify({ completed: true, result }, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}\n`);
  } else {
    const response = await app.inject({ method: action.method, url: action.url, headers: action.headers, payload: action.payload });
    crash.armed = false;
    process.stdout.write(`${JSON.stringify({ completed: true, status: response.statusCode, body: response.json() })}\n`);
  }
  await app.close();
  await db.destroy();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(3);
  },
);
