/**
 * Crash points: a server process killed (SIGKILL) right after the N-th statement of a
 * transfer, a power purchase, a mall payment, a settlement run and a withdrawal signer run (issue
 * 17, against a local chain), for every N until the operation completes. After each kill, on the
 * database the killed process left:
 * - the ledger's invariants hold (`checkLedger`);
 * - the operation is wholly absent or wholly present (its business row exists exactly when its
 *   ledger posting does, and for settlement the user's notification too);
 * - a retry with the same Idempotency-Key (for settlement: running the day again; for the signer:
 *   a restarted signer) succeeds and the operation exists exactly once (for the signer: the
 *   withdrawal is paid on chain once, completed, its ledger settled).
 * The killed process is tests/server/support/crashChild.ts (the real app, injected requests).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkLedger } from '../../server/ledger/invariants';
import { settleDay } from '../../server/settlement/settleDay';
import { addDays, dayOf } from '../../server/settlement/days';
import { insertSku, newBuyer, orderApi, type Buyer } from './mall.fixture';
import { PAY_PASSWORD, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';
import { startTestApp, type TestApp } from './support/app';
import type { CrashAction, CrashOrder } from './support/crashChild';
import { TEST_HOST } from './support/siwe';
import { requestWithdrawal, saveWithdrawAddress } from './support/withdrawals';
import { directRpc } from '../../server/deposits/rpc';
import { WithdrawalSigner } from '../../server/withdrawals/signer';
import { fundedWallet, startLocalChain } from '../chain/localChain';
import { tsxCommand } from '../projectCommand';

const CHILD = path.join(__dirname, 'support/crashChild.ts');
/** no operation here has this many statements: a loop that reaches it is a broken test */
const MAX_STATEMENTS = 200;
const UTC_PLUS_8 = 480;

jest.setTimeout(600_000);

let t: TestApp;

beforeAll(async () => {
  // sessions outlive the day a saved withdrawal address waits
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * 24 * 3600 * 1000 } });
});

afterAll(async () => {
  // the child started for a next round that never came
  await warm?.then((child) => child.kill(), () => undefined);
  await t.close();
});

interface ChildOutcome {
  killed: boolean;
  completed?: { status?: number; body?: { success: boolean } };
}

/** A crash child that has loaded the app and waits for its order. */
interface WarmChild {
  run(order: CrashOrder): Promise<ChildOutcome>;
  kill(): void;
}

function startChild(): Promise<WarmChild> {
  const child = spawn(...tsxCommand(CHILD, [JSON.stringify(t.testDb.options)], { stdio: ['pipe', 'pipe', 'pipe'] }));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<ChildOutcome>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve({ killed: true });
      if (code !== 0) return reject(new Error(`crash child exited ${code} (${signal}): ${stderr}`));
      resolve({ killed: false, completed: JSON.parse(stdout.trim().split('\n').pop()!) });
    });
  });
  return new Promise((resolve, reject) => {
    exited.then(() => reject(new Error(`crash child ended before it was ready: ${stderr}`)), reject);
    child.stdout.on('data', (chunk) => {
      const ready = !stdout.startsWith('ready\n');
      stdout += chunk;
      if (ready && stdout.startsWith('ready\n')) {
        resolve({
          run: (order) => {
            child.stdin.end(`${JSON.stringify(order)}\n`);
            return exited;
          },
          kill: () => child.kill('SIGKILL'),
        });
      }
    });
  });
}

/** The next child is started while the current one runs, so a run never waits for loading. */
let warm: Promise<WarmChild> | null = null;

async function runChild(action: CrashAction, crashAtStatement: number): Promise<ChildOutcome> {
  const child = await (warm ?? startChild());
  warm = startChild();
  return child.run({ crashAtStatement, action });
}

function moneyRequest(user: TestUser, url: string, payload: object, idempotencyKey: string): CrashAction {
  return {
    kind: 'request',
    method: 'POST',
    url: `/api/v1/web${url}`,
    headers: { host: TEST_HOST, 'accept-language': 'zh-TW', authorization: `Bearer ${user.token}`, 'idempotency-key': idempotencyKey },
    payload,
  };
}

const count = async (query: Promise<{ n: unknown } | undefined>) => Number((await query)?.n ?? 0);

async function ledgerTransactions(refLike: string): Promise<number> {
  return count(t.db.selectFrom('ledger_transactions').select(sql<number>`count(distinct ref)`.as('n')).where('ref', 'like', refLike).executeTakeFirst());
}

interface CrashCase {
  /** the operation for round `round` (a fresh Idempotency-Key each round) */
  action(round: number): Promise<CrashAction>;
  /** how many times the operation exists now; throws when it is half there */
  applied(round: number): Promise<number>;
  /** after a crash: do it again as a client or the job would */
  retry(action: CrashAction, round: number): Promise<void>;
}

/**
 * Kills the operation after statement 1, 2, … until a run completes; after each kill the ledger
 * holds, the operation is all or nothing, and the retry makes it exist exactly once.
 * Returns how many crash points were tried.
 */
async function everyCrashPoint(crashCase: CrashCase): Promise<number> {
  for (let n = 1; n <= MAX_STATEMENTS; n += 1) {
    const before = await crashCase.applied(n);
    const action = await crashCase.action(n);
    const outcome = await runChild(action, n);
    const report = await checkLedger(t.db);
    expect({ n, problems: report.problems }).toEqual({ n, problems: [] });
    const after = await crashCase.applied(n);
    expect([before, before + 1]).toContain(after);
    if (!outcome.killed) {
      if (outcome.completed?.status !== undefined) expect({ n, status: outcome.completed.status }).toEqual({ n, status: 200 });
      expect(after).toBe(before + 1);
      return n - 1;
    }
    await crashCase.retry(action, n);
    expect({ n, applied: await crashCase.applied(n) }).toEqual({ n, applied: before + 1 });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  }
  throw new Error(`the operation did not complete within ${MAX_STATEMENTS} statements`);
}

/** The retry of a request: the same request with the same key, answered 200. */
async function retryRequest(action: CrashAction): Promise<void> {
  if (action.kind !== 'request') throw new Error('not a request');
  const response = await t.app.inject({ method: action.method, url: action.url, headers: action.headers, payload: action.payload });
  expect({ url: action.url, status: response.statusCode, body: response.json() }).toMatchObject({ status: 200, body: { success: true } });
}

describe('a process killed after any statement leaves no half-done money, and the retry applies it exactly once', () => {
  it('transfer', async () => {
    const alice = await newUser(t, '10000');
    const bob = await newUser(t);
    const transfers = () => count(t.db.selectFrom('transfers').select(sql<number>`count(*)`.as('n')).where('from_user_id', '=', alice.id).executeTakeFirst());
    const points = await everyCrashPoint({
      action: async () => moneyRequest(alice, '/account/transfer/create', { to: bob.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }, randomUUID()),
      applied: async () => {
        const rows = await transfers();
        // every transfer row has its posting and no posting lacks its row
        const ids = await t.db.selectFrom('transfers').select('id').where('from_user_id', '=', alice.id).execute();
        const posted = ids.length ? await count(t.db.selectFrom('ledger_transactions').select(sql<number>`count(distinct ref)`.as('n')).where('ref', 'in', ids.map((row) => `transfer:${row.id}`)).executeTakeFirst()) : 0;
        expect(posted).toBe(rows);
        return rows;
      },
      retry: (action) => retryRequest(action),
    });
    expect(points).toBeGreaterThan(3);
  });

  it('power purchase', async () => {
    const buyer = await newUser(t, '1000');
    const productId = await insertPowerProduct(t, { price: '10' });
    const orders = () => count(t.db.selectFrom('power_orders').select(sql<number>`count(*)`.as('n')).where('user_id', '=', buyer.id).executeTakeFirst());
    const points = await everyCrashPoint({
      action: async () => moneyRequest(buyer, '/product/power-order/create', { productId, units: 1, payPassword: PAY_PASSWORD }, randomUUID()),
      applied: async () => {
        const rows = await orders();
        const ids = await t.db.selectFrom('power_orders').select('id').where('user_id', '=', buyer.id).execute();
        const posted = ids.length ? await count(t.db.selectFrom('ledger_transactions').select(sql<number>`count(distinct ref)`.as('n')).where('ref', 'in', ids.map((row) => `power-order:${row.id}`)).executeTakeFirst()) : 0;
        expect(posted).toBe(rows);
        const sold = await t.db.selectFrom('power_products').select('sold').where('id', '=', BigInt(productId)).executeTakeFirstOrThrow();
        expect(Number(sold.sold)).toBe(rows);
        return rows;
      },
      retry: (action) => retryRequest(action),
    });
    expect(points).toBeGreaterThan(3);
  });

  it('mall payment', async () => {
    const buyer: Buyer = await newBuyer(t, '1000');
    const skuId = await insertSku(t, { price: '2', stock: 1000 });
    const api = orderApi(t);
    const orderIds: string[] = [];
    const paid = async () => {
      if (!orderIds.length) return 0;
      const rows = await t.db.selectFrom('mall_orders').select(['id', 'status']).where('id', 'in', orderIds.map(BigInt)).execute();
      const paidIds = rows.filter((row) => row.status === 'paid').map((row) => row.id);
      const posted = await ledgerTransactions(`mall-order:%:pay`);
      expect(posted).toBe(paidIds.length);
      return paidIds.length;
    };
    const points = await everyCrashPoint({
      action: async () => {
        const order = await api.create(buyer, skuId);
        expect(order.status).toBe(200);
        orderIds.push(order.body.data!.id);
        return moneyRequest(buyer, '/mall/order/pay', { id: order.body.data!.id, payPassword: PAY_PASSWORD }, randomUUID());
      },
      applied: paid,
      retry: (action) => retryRequest(action),
    });
    expect(points).toBeGreaterThan(3);
  });

  it('settlement run', async () => {
    // orders that produce and earn every day of the last months: each round settles another past day
    const owner = await newUser(t, '100000');
    const powerId = await insertPowerProduct(t, { price: '10', termDays: 365 });
    const financeId = await insertFinanceProduct(t, { lockDays: 365, minAmount: '10' });
    for (const body of [{ productId: powerId, units: 2 }, { productId: powerId, units: 3 }]) {
      expect((await call(t, owner, 'POST', '/product/power-order/create', { ...body, payPassword: PAY_PASSWORD })).status).toBe(200);
    }
    expect((await call(t, owner, 'POST', '/product/finance-order/create', { productId: financeId, amount: '100', payPassword: PAY_PASSWORD })).status).toBe(200);
    const today = dayOf(t.clock.now(), UTC_PLUS_8);
    const start = addDays(today, -300);
    await t.db.updateTable('power_orders').set({ start_day: start, end_day: addDays(today, 60) }).where('user_id', '=', owner.id).execute();
    await t.db.updateTable('finance_orders').set({ start_day: start, maturity_day: addDays(today, 60) }).where('user_id', '=', owner.id).execute();
    const dayOfRound = (round: number) => addDays(start, round);
    const settledOn = async (day: string) => {
      const bills = await count(t.db.selectFrom('power_bills').select(sql<number>`count(*)`.as('n')).where('user_id', '=', owner.id).where('day', '=', day).executeTakeFirst());
      const interest = await count(t.db.selectFrom('finance_interest').select(sql<number>`count(*)`.as('n')).where('user_id', '=', owner.id).where('day', '=', day).executeTakeFirst());
      // each bill and interest row has its payout (one entry per order and day, in its batch's
      // posting: one for the power orders, one for the finance order), none is paid without its row
      const paid = await count(
        t.db
          .selectFrom('ledger_entries')
          .select(sql<number>`count(*)`.as('n'))
          .where('user_id', '=', owner.id)
          .where('type', 'in', ['power_output', 'finance_interest'])
          .where('remark', 'like', `% ${day}`)
          .executeTakeFirst(),
      );
      expect(paid).toBe(bills + interest);
      expect(await ledgerTransactions(`settle:%:${day}`)).toBe((bills > 0 ? 1 : 0) + (interest > 0 ? 1 : 0));
      // the owner is told of each batch's payout exactly when it is posted: never half
      const notices = await t.db.selectFrom('notifications').select('payload').where('user_id', '=', owner.id).where('kind', 'in', ['earnings.power', 'earnings.interest']).execute();
      const toldOfDay = notices.filter((row) => (JSON.parse(row.payload) as { day: string }).day === day).length;
      expect(toldOfDay).toBe((bills > 0 ? 1 : 0) + (interest > 0 ? 1 : 0));
      return bills + interest;
    };
    const points = await everyCrashPoint({
      action: async (round) => ({ kind: 'settle', day: dayOfRound(round), utcOffsetMinutes: UTC_PLUS_8 }),
      // per order and day, all three orders: counted as one operation when all three are there
      applied: async (round) => {
        const rows = await settledOn(dayOfRound(round));
        return rows === 3 ? 1 : 0;
      },
      retry: async (_action, round) => {
        await settleDay(t.db, dayOfRound(round), t.clock, UTC_PLUS_8);
        expect(await settledOn(dayOfRound(round))).toBe(3);
      },
    });
    expect(points).toBeGreaterThan(3);
  });

  it('withdrawal signer run', async () => {
    // each round one approved withdrawal of 20 USDT to the same address; the killed signer's run,
    // then a restarted signer, must pay it exactly once: the address's balance says how many times
    const local = await startLocalChain();
    try {
      const hot = await fundedWallet(local, '100000');
      const owner = await newUser(t, '100000');
      const prover = { token: owner.token, wallet: owner.wallet! };
      const to = await saveWithdrawAddress(t, prover);
      const net = { network: 'ERC20', chainId: '1337', nativeCurrency: 'ETH', tokens: { USDT: { address: await local.usdt.getAddress(), decimals: 6 } }, confirmations: 2, replaceAfterMs: 600_000, maxFeePerGas: String(10n ** 12n) };
      const restarted = new WithdrawalSigner(t.db, { ...net, chainId: 1337n, maxFeePerGas: 10n ** 12n }, hot, directRpc(local.provider), t.clock);
      const ids: string[] = [];
      const paid = async () => {
        const balance = BigInt(await (local.usdt.balanceOf as (a: string) => Promise<bigint>)(to.address));
        expect(balance % 20_000_000n).toBe(0n);
        return Number(balance / 20_000_000n);
      };
      const points = await everyCrashPoint({
        action: async () => {
          ids.push(await requestWithdrawal(t, prover, to, '20'));
          return { kind: 'sign', rpcUrl: local.rpcUrl, privateKey: hot.privateKey, net };
        },
        applied: paid,
        retry: async (_action, round) => {
          await restarted.run();
          for (let i = 0; i < net.confirmations; i += 1) await local.provider.send('evm_mine', []);
          await restarted.run();
          const row = await t.db.selectFrom('withdrawals').select('status').where('id', '=', BigInt(ids[round - 1])).executeTakeFirstOrThrow();
          expect({ round, status: row.status }).toEqual({ round, status: 'completed' });
        },
      });
      expect(points).toBeGreaterThan(3);
      // the nonces went up one per payment: never two transactions for one withdrawal
      expect(await local.provider.getTransactionCount(hot.address)).toBe(await paid());
    } finally {
      await local.stop();
    }
  });
});
