/**
 * The reconciliation of the books with the chain (server/reconcile) on a real local chain (ganache
 * with TestUSDT, tests/chain/localChain.ts): deposits credited by the watcher from real transfers,
 * a funded hot wallet, withdrawals sent by the signer, cold wallets, and lying endpoints in front
 * of the chain (tests/chain/lyingProxy.ts). Each test has its own database, deposit key and hot
 * wallet, so that its figures are exact: honest books are ok with the surplus recorded, a planted
 * shortfall (a credit by hand with no coin behind it, coin moved off a deposit address) is found,
 * recorded, logged as an error and fails `ops reconcile`, a cold wallet counts, and one endpoint
 * inflating balances never makes the books look covered. SQLite, or PostgreSQL when DATABASE_URL
 * is set.
 */
import { spawn } from 'node:child_process';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { HDNodeWallet, parseEther, parseUnits, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { fundedWallet, startLocalChain, type LocalChain } from '../chain/localChain';
import { startLyingProxy, type LyingProxy } from '../chain/lyingProxy';
import { toSignedUnits } from '../../contract/rules/money';
import { loadConfig, type ServerConfig } from '../../server/config';
import { directRpc, type RetryPolicy } from '../../server/deposits/rpc';
import { DepositWatcher } from '../../server/deposits/watcher';
import { serverJobs } from '../../server/jobs';
import { parseJobSchedule } from '../../server/jobSchedule';
import { openDepositAddressBook, type DepositAddressBook } from '../../server/deposits/addresses';
import { checkLedger } from '../../server/ledger/invariants';
import { reconcileCommand } from '../../server/ops/reconcile';
import { reconcile } from '../../server/reconcile/reconcile';
import type { Reconciliation } from '../../server/reconcile/store';
import { WithdrawalSigner } from '../../server/withdrawals/signer';
import { approveWithdrawal } from '../../server/withdrawals/review';
import { cliActor } from '../../server/operators/actor';
import { withdrawStatement } from '../../contract/rules/withdraw';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, newUser, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { saveWithdrawAddress } from './support/withdrawals';
import { bearer } from './support/siwe';
import { walletProof } from './support/stepUp';
import { opsCommand } from '../projectCommand';

const FAST: RetryPolicy = { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 5000 };
const silent = Fastify({ logger: false }).log;
/** ledger units of a signed decimal amount */
const USDT = (amount: string) => toSignedUnits(amount);
const ETH = USDT;

type Env = Record<string, string>;

interface LogLine {
  level: number;
  msg: string;
  reconciliation?: Record<string, unknown>;
}

let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;
let t: TestApp;
/** this test's deposit key (its xpub derives the users' deposit addresses) */
let root: HDNodeWallet;
let book: DepositAddressBook;
let startBlock: number;

beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
}, 60_000);

afterAll(async () => {
  await local?.stop();
});

beforeEach(async () => {
  root = HDNodeWallet.createRandom(undefined, "m/44'/60'/0'");
  t = await startTestApp({ seed: true, config: { depositXpub: xpub(), tokenIdleTtlMs: 30 * DAY } });
  book = await openDepositAddressBook(t.db, xpub(), t.clock.now());
  startBlock = await chain.getBlockNumber();
});

afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
  await t.close();
});

const xpub = () => root.neuter().extendedKey;

/** the environment of a server watching the local chain through `urls` */
async function chainEnv(urls: string[] = [local.rpcUrl], extra: Env = {}): Promise<Env> {
  return {
    CHAIN_ERC20_RPC_URL: urls.join(','),
    CHAIN_ERC20_TOKEN_ADDRESS: await usdt.getAddress(),
    CHAIN_ERC20_CONFIRMATIONS: '1',
    CHAIN_ERC20_START_BLOCK: String(startBlock),
    DEPOSIT_XPUB: xpub(),
    ...extra,
  };
}

const configOf = async (options: { urls?: string[]; hot?: Wallet | null; env?: Env } = {}): Promise<ServerConfig> =>
  loadConfig(await chainEnv(options.urls, { ...(options.hot ? { WITHDRAW_SIGNER_KEY: options.hot.privateKey } : {}), ...options.env }));

function capturingLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } } }).log;
  return { log, lines };
}

/** one reconciliation a second after the last (a run's rows are keyed by its time) */
async function reconcileNow(config: ServerConfig, log: FastifyBaseLogger = silent): Promise<Record<string, Reconciliation>> {
  t.clock.advance(1000);
  const rows = await reconcile({ db: t.db, config, log, now: () => t.clock.now(), signal: new AbortController().signal, retry: FAST });
  return Object.fromEntries(rows.map((row) => [row.currency, row]));
}

/** coin sent to the user's deposit address and credited by the deposit watcher (one confirmation) */
async function depositOnChain(user: MoneyUser, amounts: { usdt?: string; eth?: string }): Promise<void> {
  const address = book.addressOf(user.userId);
  if (amounts.usdt) await (await usdt.transfer(address, parseUnits(amounts.usdt, 6))).wait();
  if (amounts.eth) await (await local.funder.sendTransaction({ to: address, value: parseEther(amounts.eth) })).wait();
  const [network] = (await configOf()).chainNetworks;
  const watcher = new DepositWatcher({ db: t.db, network, addressBook: book, log: silent, now: () => t.clock.now(), retry: FAST });
  try {
    await watcher.run(new AbortController().signal);
  } finally {
    watcher.close();
  }
  const credited = await t.db.selectFrom('chain_deposits').select('status').where('address', '=', address).execute();
  expect(credited.map((row) => row.status)).toEqual(credited.map(() => 'credited'));
}

async function sendFromFunder(to: string, amounts: { usdt?: string; eth?: string }): Promise<void> {
  if (amounts.usdt) await (await usdt.transfer(to, parseUnits(amounts.usdt, 6))).wait();
  if (amounts.eth) await (await local.funder.sendTransaction({ to, value: parseEther(amounts.eth) })).wait();
}

const user = () => newUser(t.app, t.db, t.clock);

/** a USDT withdrawal through the API, approved by an operator when the risk rules hold it for review: its id */
async function approvedWithdrawal(who: MoneyUser, amount: string): Promise<bigint> {
  const to = await saveWithdrawAddress(t, who);
  const proof = await walletProof(t.app, t.clock, who, 'withdraw', { statement: withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: to.address }) });
  const payload = { currency: 'USDT', network: 'ERC20', addressId: to.id, amount, payPassword: PAY_PASSWORD, proof };
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/withdraw/request', headers: bearer(who.token), payload });
  expect(response.statusCode).toBe(200);
  const { id, status } = response.json().data as { id: string; status: string };
  if (status === 'review') await approveWithdrawal(t.db, BigInt(id), { actor: cliActor('test'), now: t.clock.now(), reason: '' });
  return BigInt(id);
}

/** `ops reconcile` in this process: its exit code and the lines it printed */
async function ops(config: ServerConfig, args: string[] = []): Promise<{ code: number; lines: Array<Record<string, unknown>> }> {
  t.clock.advance(1000);
  const lines: Array<Record<string, unknown>> = [];
  const code = await reconcileCommand({ retry: FAST, log: silent }).run(args, { db: t.db, clock: t.clock, config, print: (line) => lines.push(line as Record<string, unknown>) });
  return { code, lines };
}

/** `npm run ops -- reconcile` as an operator runs it: a process of its own on this database and chain */
function opsProcess(env: Env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { databaseUrl, databaseSchema, sqlitePath } = t.testDb.options;
  return new Promise((resolve, reject) => {
    const child = spawn(
      ...opsCommand(['reconcile'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema ?? '', SQLITE_PATH: sqlitePath, LOG_LEVEL: 'info', ...env },
      }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('honest books', () => {
  it('are ok: deposits on their addresses and the hot wallet cover what users hold, and the surplus is recorded', async () => {
    const alice = await user();
    await depositOnChain(alice, { usdt: '100', eth: '1' });
    const hot = await fundedWallet(local, '50');
    const config = await configOf({ hot });
    const { log, lines } = capturingLog();

    const result = await reconcileNow(config, log);
    expect(Object.keys(result).sort()).toEqual(['ETH', 'USDT']);
    expect(result.USDT).toMatchObject({ status: 'ok', assets: USDT('150'), liabilities: USDT('100'), difference: USDT('50'), reason: null });
    expect(result.USDT.detail.networks).toEqual([
      {
        network: 'ERC20',
        block: await chain.getBlockNumber(),
        hot: '50',
        cold: '0',
        deposits: '100',
        total: '150',
        hotWallets: [hot.address],
        coldWallets: [],
        depositAddresses: 1,
      },
    ]);
    // ETH: the deposit, and the hot wallet's 10 ETH of gas money
    expect(result.ETH).toMatchObject({ status: 'ok', assets: ETH('11'), liabilities: ETH('1'), difference: ETH('10') });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain('reconciliation: USDT ok, 150 on chain, 100 owed');

    // a flag column reads back as a number on PostgreSQL (smallint), a bigint on SQLite
    const recorded = (await t.db.selectFrom('reconciliations').selectAll().orderBy('currency').execute()).map((row) => ({ ...row, ok: Number(row.ok) }));
    expect(recorded).toEqual([
      expect.objectContaining({ run_at: BigInt(result.ETH.runAt), currency: 'ETH', status: 'ok', ok: 1, assets: ETH('11'), liabilities: ETH('1'), difference: ETH('10'), reason: null }),
      expect.objectContaining({ run_at: BigInt(result.USDT.runAt), currency: 'USDT', status: 'ok', ok: 1, assets: USDT('150'), liabilities: USDT('100'), difference: USDT('50'), reason: null }),
    ]);
    expect(JSON.parse(recorded[1].detail)).toEqual(result.USDT.detail);

    const now = await ops(config);
    expect(now.code).toBe(0);
    expect(now.lines).toEqual([
      expect.objectContaining({ currency: 'USDT', status: 'ok', ok: true, assets: '150', liabilities: '100', difference: '50' }),
      expect.objectContaining({ currency: 'ETH', status: 'ok', ok: true, assets: '11', liabilities: '1', difference: '10' }),
    ]);
    const last = await ops(config, ['--last']);
    expect(last).toEqual({ code: 0, lines: [expect.objectContaining({ currency: 'ETH', status: 'ok' }), expect.objectContaining({ currency: 'USDT', status: 'ok', difference: '50' })] });
  });

  it('count a withdrawal on its way once: its amount leaves the hot wallet when mined, and the user\'s frozen balance only when settled', async () => {
    const alice = await user();
    // credited by hand, its coin swept to the hot wallet (deposit addresses are swept offline)
    await deposit(t.db, t.clock, alice, '100');
    const hot = await fundedWallet(local, '100');
    const config = await configOf({ hot });
    const signer = new WithdrawalSigner(
      t.db,
      { network: 'ERC20', chainId: 1337n, nativeCurrency: 'ETH', tokens: { USDT: { address: await usdt.getAddress(), decimals: 6 } }, confirmations: 3, replaceAfterMs: HOUR, maxFeePerGas: 10n ** 12n },
      hot,
      directRpc(chain),
      t.clock,
    );
    expect((await reconcileNow(config)).USDT).toMatchObject({ status: 'ok', assets: USDT('100'), liabilities: USDT('100'), difference: 0n });

    // 30 USDT + 5 fee frozen
    t.clock.advance(DAY + HOUR);
    const id = await approvedWithdrawal(alice, '30');
    expect((await reconcileNow(config)).USDT).toMatchObject({ status: 'ok', assets: USDT('100'), liabilities: USDT('100'), difference: 0n });

    await signer.run();
    const sent = await t.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(sent.status).toBe('broadcast');
    // mined at once: 70 left on chain, 100 still in alice's balances, 30 of it on its way
    const leaving = (await reconcileNow(config)).USDT;
    expect(leaving).toMatchObject({ status: 'ok', assets: USDT('70'), liabilities: USDT('70'), difference: 0n });
    expect(leaving.detail.liabilities).toEqual({ users: '100', inFlightWithdrawals: '30' });

    await signer.run();
    await chain.send('evm_mine', []);
    await chain.send('evm_mine', []);
    await signer.run();
    const done = await t.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
    // settled: alice holds 65; the 5 fee is the platform's
    expect((await reconcileNow(config)).USDT).toMatchObject({ status: 'ok', assets: USDT('70'), liabilities: USDT('65'), difference: USDT('5') });
  });
});

describe('a planted shortfall', () => {
  it('is found when a user is credited by hand with no coin behind it: recorded, logged as an error, and ops reconcile exits 1', async () => {
    const alice = await user();
    const bob = await user();
    await depositOnChain(alice, { usdt: '100' });
    const hot = await fundedWallet(local, '0');
    await deposit(t.db, t.clock, bob, '40');
    const config = await configOf({ hot });
    const { log, lines } = capturingLog();

    const result = await reconcileNow(config, log);
    expect(result.USDT).toMatchObject({ status: 'shortfall', assets: USDT('100'), liabilities: USDT('140'), difference: USDT('-40'), reason: 'shortfall of 40 USDT: 100 on chain, 140 owed' });
    // bob's deposit address was read too: it received nothing
    expect(result.USDT.detail.networks[0]).toMatchObject({ deposits: '100', hot: '0', depositAddresses: 2 });
    expect(result.ETH.status).toBe('ok');
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: 'reconciliation: shortfall of 40 USDT: 100 on chain, 140 owed',
        reconciliation: expect.objectContaining({ currency: 'USDT', status: 'shortfall', assets: '100', liabilities: '140', difference: '-40' }),
      }),
    ]);
    const row = await t.db.selectFrom('reconciliations').selectAll().where('currency', '=', 'USDT').executeTakeFirstOrThrow();
    expect({ ...row, ok: Number(row.ok) }).toMatchObject({ status: 'shortfall', ok: 0, assets: USDT('100'), liabilities: USDT('140'), difference: USDT('-40') });

    const now = await ops(config);
    expect(now.code).toBe(1);
    expect(now.lines[0]).toMatchObject({ currency: 'USDT', status: 'shortfall', ok: false, difference: '-40' });
    expect((await ops(config, ['--last'])).code).toBe(1);

    // the command line as an operator runs it: exit 1, the figures on stdout, the error on stderr
    const run = await opsProcess({ ...(await chainEnv()), WITHDRAW_SIGNER_KEY: hot.privateKey });
    expect(run.code).toBe(1);
    const printed = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(printed).toEqual([
      expect.objectContaining({ currency: 'USDT', status: 'shortfall', assets: '100', liabilities: '140', difference: '-40' }),
      expect.objectContaining({ currency: 'ETH', status: 'ok' }),
    ]);
    const logged = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: 'reconciliation: shortfall of 40 USDT: 100 on chain, 140 owed' }));
  }, 60_000);

  it('is found when coin is moved off a deposit address', async () => {
    const alice = await user();
    await depositOnChain(alice, { usdt: '100' });
    const config = await configOf();
    expect((await reconcileNow(config)).USDT).toMatchObject({ status: 'ok', difference: 0n });

    // whoever holds the deposit key moves 60 of it elsewhere (with 1 ETH sent there for gas)
    const key = root.deriveChild(0).deriveChild(Number(alice.userId)).connect(chain);
    expect(key.address).toBe(book.addressOf(alice.userId));
    await sendFromFunder(key.address, { eth: '1' });
    await (await (usdt.connect(key) as Contract).getFunction('transfer')(Wallet.createRandom().address, parseUnits('60', 6))).wait();

    const { log, lines } = capturingLog();
    const result = await reconcileNow(config, log);
    expect(result.USDT).toMatchObject({ status: 'shortfall', assets: USDT('40'), liabilities: USDT('100'), difference: USDT('-60') });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['reconciliation: shortfall of 60 USDT: 40 on chain, 100 owed']);
    expect((await ops(config)).code).toBe(1);
  });
});

describe('cold wallets', () => {
  it('count as assets (COLD_WALLET_ADDRESSES_<NETWORK>)', async () => {
    const bob = await user();
    await deposit(t.db, t.clock, bob, '40');
    await deposit(t.db, t.clock, bob, '2', 'ETH', 'ERC20');
    const cold = Wallet.createRandom().address;
    await sendFromFunder(cold, { usdt: '40', eth: '2' });
    // no hot wallet: the reserves are offline
    const without = await reconcileNow(await configOf());
    expect(without.USDT).toMatchObject({ status: 'shortfall', assets: 0n, difference: USDT('-40') });
    expect(without.ETH).toMatchObject({ status: 'shortfall', assets: 0n, difference: ETH('-2') });

    const other = Wallet.createRandom().address;
    const config = await configOf({ env: { COLD_WALLET_ADDRESSES_ERC20: `${cold}, ${other}` } });
    expect(config.coldWallets).toEqual({ ERC20: [cold, other] });
    const result = await reconcileNow(config);
    expect(result.USDT).toMatchObject({ status: 'ok', assets: USDT('40'), liabilities: USDT('40'), difference: 0n });
    expect(result.ETH).toMatchObject({ status: 'ok', assets: ETH('2'), liabilities: ETH('2'), difference: 0n });
    expect(result.USDT.detail.networks[0]).toMatchObject({ cold: '40', hot: '0', deposits: '0', coldWallets: [cold, other], hotWallets: [] });
    expect((await ops(config)).code).toBe(0);
  });

  it('are refused at start unless checksummed, on a watched deposit network, and each named once', async () => {
    const address = Wallet.createRandom().address;
    const base = await chainEnv();
    const load = (env: Env) => () => loadConfig({ ...base, ...env });
    expect(load({ COLD_WALLET_ADDRESSES_ERC20: address.toLowerCase() })).toThrow(/write 0x[0-9a-f]{40} checksummed/);
    // one letter's case flipped: the checksum no longer matches
    const letter = address.slice(2).search(/[a-fA-F]/) + 2;
    const flipped = address[letter] === address[letter].toLowerCase() ? address[letter].toUpperCase() : address[letter].toLowerCase();
    const broken = `${address.slice(0, letter)}${flipped}${address.slice(letter + 1)}`;
    expect(load({ COLD_WALLET_ADDRESSES_ERC20: broken })).toThrow(/fails its EIP-55 checksum/);
    expect(load({ COLD_WALLET_ADDRESSES_ERC20: 'cold-1' })).toThrow(/must be a comma separated list of addresses/);
    expect(load({ COLD_WALLET_ADDRESSES_ERC20: `${address},${address}` })).toThrow(/names one address twice/);
    expect(load({ COLD_WALLET_ADDRESSES_BEP20: address })).toThrow(/CHAIN_BEP20_RPC_URL is not/);
    expect(load({ COLD_WALLET_ADDRESSES_TRON: address })).toThrow(/TRON is not a deposit network/);
    expect(loadConfig({ ...base, COLD_WALLET_ADDRESSES_ERC20: '' }).coldWallets).toEqual({});
  });
});

describe('endpoints that lie', () => {
  let honestA: LyingProxy;
  let honestB: LyingProxy;
  let liar: LyingProxy;

  beforeAll(async () => {
    [honestA, honestB, liar] = await Promise.all([startLyingProxy(local.rpcUrl), startLyingProxy(local.rpcUrl), startLyingProxy(local.rpcUrl)]);
  });

  afterAll(async () => {
    await Promise.all([honestA, honestB, liar].map((proxy) => proxy?.stop()));
  });

  it('never make the books look covered: one of two inflating balances makes them unavailable, and two honest of three outvote it', async () => {
    const alice = await user();
    const bob = await user();
    await depositOnChain(alice, { usdt: '100' });
    // a shortfall of 40 the liar's balances would more than cover
    await deposit(t.db, t.clock, bob, '40');
    liar.lies.inflateBalances = 10n ** 30n;
    const { log, lines } = capturingLog();

    for (const env of [{}, { CHAIN_ERC20_RPC_QUORUM: '1' }] as Env[]) {
      const config = await configOf({ urls: [honestA.url, liar.url], env });
      const result = await reconcileNow(config, log);
      for (const currency of ['USDT', 'ETH']) {
        expect(result[currency]).toMatchObject({ status: 'unavailable', assets: null, difference: null });
        expect(result[currency].reason).toMatch(/^not read from the chain: ERC20: NoQuorum: endpoints disagree/);
        expect(result[currency].detail.networks).toEqual([{ network: 'ERC20', block: null, unavailable: expect.stringMatching(/^NoQuorum/) }]);
      }
      expect((await ops(config)).code).toBe(1);
    }
    expect(liar.asked.get('eth_call')).toBeGreaterThan(0);
    expect(lines.filter((line) => line.level === 40 && line.msg.startsWith('reconciliation: USDT unavailable'))).toHaveLength(2);
    const recorded = await t.db.selectFrom('reconciliations').select(['status', 'ok']).execute();
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((row) => row.status === 'unavailable' && Number(row.ok) === 0)).toBe(true);

    // two honest endpoints of three: the liar is outvoted and the shortfall stands at its true size
    const outvoted = await reconcileNow(await configOf({ urls: [honestA.url, liar.url, honestB.url] }), log);
    expect(outvoted.USDT).toMatchObject({ status: 'shortfall', assets: USDT('100'), liabilities: USDT('140'), difference: USDT('-40') });
    expect(outvoted.ETH).toMatchObject({ status: 'ok', assets: 0n, liabilities: 0n });
  });
});

describe('as a job of the server', () => {
  it('runs daily by default with a watched network, is off without one or with JOBS_OFF=reconcile, and records each run', async () => {
    const config = await configOf();
    const others = 'settlement,mallSweep,depositWatcher,withdrawSigner,priceFeed';
    const infos: unknown[] = [];
    const log = { ...silent, info: (...args: unknown[]) => infos.push(args) } as typeof silent;
    expect(serverJobs({ db: t.db, clock: t.clock, config: { ...t.config, chainNetworks: [] } }, log, parseJobSchedule({ JOBS_OFF: others }))).toEqual([]);
    expect(JSON.stringify(infos)).toContain('reconciliation off');
    expect(serverJobs({ db: t.db, clock: t.clock, config }, log, parseJobSchedule({ JOBS_OFF: `${others},reconcile` }))).toEqual([]);
    expect(parseJobSchedule({ RECONCILE_FIRST_RUN_MS: '0', RECONCILE_INTERVAL_MS: '3600000' }).reconcile).toEqual({ firstRunDelayMs: 0, intervalMs: 3_600_000 });

    const jobs = serverJobs({ db: t.db, clock: t.clock, config }, silent, parseJobSchedule({ JOBS_OFF: others }));
    expect(jobs.map(({ name, firstRunDelayMs, intervalMs }) => ({ name, firstRunDelayMs, intervalMs }))).toEqual([{ name: 'reconciliation', firstRunDelayMs: 10 * 60 * 1000, intervalMs: 24 * 3600 * 1000 }]);
    const bob = await user();
    await deposit(t.db, t.clock, bob, '15');
    await jobs[0].run(new AbortController().signal);
    const recorded = await t.db.selectFrom('reconciliations').select(['currency', 'status', 'difference']).orderBy('currency').execute();
    expect(recorded).toEqual([
      { currency: 'ETH', status: 'ok', difference: 0n },
      { currency: 'USDT', status: 'shortfall', difference: USDT('-15') },
    ]);
  });
});
