/**
 * `npm run bench:watcher`: ganache in process, a
 * 6-decimal test ERC-20, BENCH_USERS users (default 10 000) with their deposit addresses, and
 * BENCH_DEPOSITS token deposits (default 1 000) spread over BENCH_BLOCKS blocks (default 5 000).
 * Prints how long the watcher (ERC20: USDT Transfer logs and the ETH block scan, 12
 * confirmations) takes to catch up from block 0 and credit them: blocks/s and deposits/s, against
 * the goal of 5 000 blocks in under 30 s; then the latency of one new deposit, from its
 * confirming block to credited, with the watcher running as the server's job (every second by
 * default), against the goal of 2 s. Then checks the ledger invariants. Figures, not a test.
 * SQLite in a temporary file, or PostgreSQL with DATABASE_URL (its own schema, dropped after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import ganache from 'ganache';
import pg from 'pg';
import { ContractFactory, HDNodeWallet, JsonRpcProvider, Network, parseUnits, type Contract } from 'ethers';
import artifact from '../tests/chain/TestUSDT.json';
import { toUnits } from '../contract/rules/money';
import { createDb, quoteIdent, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { openDepositAddressBook } from '../server/deposits/addresses';
import { checkLedger } from '../server/ledger/invariants';
import { startJob } from '../server/jobs';
import { DEFAULT_JOB_SCHEDULE } from '../server/jobSchedule';
import { DepositWatcher } from '../server/deposits/watcher';
import type { WatchedNetwork } from '../server/deposits/networks';

const USERS = Number(process.env.BENCH_USERS || 10_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS || 1_000);
const BLOCKS = Number(process.env.BENCH_BLOCKS || 5_000);
const CONFIRMATIONS = 12;
/** ganache's accounts with `wallet.deterministic` */
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const XPUB = HDNodeWallet.fromSeed(randomBytes(32)).derivePath("m/44'/60'/0'").neuter().extendedKey;

async function openDatabase(): Promise<{ options: DbOptions; cleanup(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL || '';
  if (databaseUrl) {
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${quoteIdent(schema)}`);
    return {
      options: { databaseUrl, databaseSchema: schema, sqlitePath: '' },
      cleanup: async () => {
        await admin.query(`drop schema ${quoteIdent(schema)} cascade`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-watcher-'));
  return { options: { databaseUrl: '', databaseSchema: '', sqlitePath: path.join(dir, 'bench.sqlite') }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const node = ganache.server({ logging: { quiet: true }, chain: { chainId: 1337 }, wallet: { deterministic: true }, miner: { instamine: 'eager' } });
  await node.listen(0);
  const rpcUrl = `http://127.0.0.1:${(node.address() as { port: number }).port}`;
  const chainNetwork = Network.from(1337);
  const chain = new JsonRpcProvider(rpcUrl, chainNetwork, { staticNetwork: chainNetwork, cacheTimeout: -1 });
  const funder = await chain.getSigner(0);
  const usdt = (await new ContractFactory(artifact.abi, artifact.bytecode, funder).deploy(parseUnits('1000000000', 6))) as Contract;
  await usdt.waitForDeployment();

  const database = await openDatabase();
  const db = createDb(database.options);
  await migrateToLatest(db);
  const started = Date.now();
  for (let i = 0; i < USERS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(USERS, i + 500); j += 1) {
      rows.push({ uid: String(10_000_000 + j), address: `0x${j.toString(16).padStart(40, '0')}`, invite_code: `B${j.toString(36).toUpperCase().padStart(7, '0')}`, created_at: BigInt(started) });
    }
    await db.insertInto('users').values(rows).execute();
  }
  const ids = (await db.selectFrom('users').select('id').execute()).map((row) => row.id);
  const book = await openDepositAddressBook(db, XPUB, started);

  console.log(`chain: ${DEPOSITS} USDT deposits to ${USERS} users' addresses over ${BLOCKS} blocks…`);
  const every = Math.max(1, Math.floor(BLOCKS / DEPOSITS));
  const building = Date.now();
  // signed here and sent raw: ganache mines each at once, without ethers' receipt polling
  const sender = HDNodeWallet.fromPhrase(GANACHE_MNEMONIC);
  const token = await usdt.getAddress();
  let nonce = await funder.getNonce();
  for (let d = 0; d < DEPOSITS; d += 1) {
    const to = book.addressOf(ids[(d * 7919) % ids.length]);
    const data = usdt.interface.encodeFunctionData('transfer', [to, parseUnits(String(10 + (d % 90)), 6)]);
    const raw = await sender.signTransaction({ type: 0, chainId: 1337, to: token, data, nonce: nonce++, gasLimit: 100_000, gasPrice: 20_000_000_000n });
    await chain.send('eth_sendRawTransaction', [raw]);
    if (every > 1) await chain.send('evm_mine', [{ blocks: every - 1 }]);
  }
  const head = await chain.getBlockNumber();
  console.log(`chain built in ${seconds(Date.now() - building)}: head ${head}`);

  const network: WatchedNetwork = {
    network: 'ERC20', rpcUrls: [rpcUrl], quorum: 1, confirmations: CONFIRMATIONS, startBlock: 0, blockRange: 500,
    token: { currency: 'USDT', minDeposit: toUnits('10'), address: await usdt.getAddress() },
    native: { currency: 'ETH', minDeposit: toUnits('0.01') },
  };
  const log = Fastify({ logger: { level: process.env.LOG_LEVEL || 'warn' } }).log;
  const watcher = new DepositWatcher({ db, network, addressBook: book, log, now: () => Date.now() });
  const catchUp = Date.now();
  const summary = await watcher.run(new AbortController().signal);
  const catchUpMs = Date.now() - catchUp;
  console.log(`catch-up: ${summary.blocksScanned} blocks, ${summary.depositsSeen} deposits seen, ${summary.credited} credited in ${seconds(catchUpMs)}`);
  console.log(`  scanning ${seconds(summary.scanMs)}, confirming and crediting ${seconds(summary.creditMs)}`);
  console.log(`  ${Math.round(summary.blocksScanned / (catchUpMs / 1000))} blocks/s, ${Math.round(summary.credited / (catchUpMs / 1000))} deposits credited/s (goal: ${BLOCKS} blocks in under 30 s: ${catchUpMs < 30_000 ? 'met' : 'NOT met'})`);

  // one new deposit, the watcher running as the server's job
  const job = startJob({ name: 'deposit watcher ERC20', ...DEFAULT_JOB_SCHEDULE.depositWatcher, run: async (signal) => void (await watcher.run(signal)) }, log);
  const tx = await usdt.transfer(book.addressOf(ids[0]), parseUnits('77', 6), { nonce: nonce++ });
  await tx.wait();
  await chain.send('evm_mine', [{ blocks: CONFIRMATIONS - 1 }]);
  const confirmedAt = Date.now();
  let credited = false;
  while (!credited && Date.now() - confirmedAt < 30_000) {
    const row = await db.selectFrom('chain_deposits').select('status').where('tx_hash', '=', tx.hash.toLowerCase()).executeTakeFirst();
    credited = row?.status === 'credited';
    if (!credited) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const latencyMs = Date.now() - confirmedAt;
  await job.stop();
  console.log(`new deposit: credited ${seconds(latencyMs)} after its confirming block (job every ${DEFAULT_JOB_SCHEDULE.depositWatcher.intervalMs} ms; goal under 2 s: ${credited && latencyMs < 2000 ? 'met' : 'NOT met'})`);

  const check = await checkLedger(db);
  console.log(`ledger invariants: ${check.ok ? 'ok' : `BROKEN ${JSON.stringify(check.problems)}`}`);
  watcher.close();
  chain.destroy();
  await db.destroy();
  await database.cleanup();
  await node.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
