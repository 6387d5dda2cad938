/**
 * The console's operations calls: the dashboard answers what the database holds (the queues, each
 * signer's halt and runs, the watchers, prices, the last reconciliation, the ledger check), a
 * price halt from the console stops every priced action until resumed and both are audited, a
 * reconciliation run from the console (or `ops reconcile`) is recorded and audited, and each call
 * is refused to roles without its permission and to user tokens.
 */
import Fastify from 'fastify';
import { HDNodeWallet, Wallet } from 'ethers';
import { fromUnits } from '../../contract/rules/money';
import { loadConfig } from '../../server/config';
import { recordRun } from '../../server/deposits/jobRuns';
import { checkLedger } from '../../server/ledger/invariants';
import { reconcileCommand } from '../../server/ops/reconcile';
import { recordReconciliations } from '../../server/reconcile/store';
import { createTimeFormat } from '../../server/time';
import { startTestApp, type TestApp } from './support/app';
import { deposit, newUser, quote, type MoneyUser } from './support/ledger';
import { ADMIN_API, opHeaders, signedInOperator, type SignedInOperator } from './support/operators';
import { bearer } from './support/siwe';

const silent = Fastify({ logger: false }).log;
/** a time as the console shows it (the test settings' display offset) */
const stamp = (ms: number) => createTimeFormat(loadConfig({}).displayUtcOffsetMinutes).timestamp(ms);

let t: TestApp;
let support: SignedInOperator;
let reviewer: SignedInOperator;
let finance: SignedInOperator;
let admin: SignedInOperator;
let user: MoneyUser;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  [support, reviewer, finance, admin] = [await signedInOperator(t, 'support'), await signedInOperator(t, 'reviewer'), await signedInOperator(t, 'finance'), await signedInOperator(t, 'admin')];
  user = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, user, '500');
});
afterAll(async () => t.close());

const get = (token: string, path: string) => t.app.inject({ method: 'GET', url: `${ADMIN_API}${path}`, headers: opHeaders(token) });
const post = (token: string, path: string, payload: unknown) => t.app.inject({ method: 'POST', url: `${ADMIN_API}${path}`, headers: opHeaders(token), payload: payload as object });

async function auditOf(target: string) {
  return t.db.selectFrom('audit_log').select(['source', 'actor', 'role', 'action', 'target', 'before_json', 'after_json', 'reason', 'request_id']).where('target', '=', target).orderBy('id').execute();
}

describe('who may call what', () => {
  it.each([
    ['GET', '/dashboard', 'console.read'],
    ['GET', '/prices', 'console.read'],
    ['GET', '/reconcile', 'console.read'],
    ['GET', '/openapi.json', 'console.read'],
    ['POST', '/prices/ETH/halt', 'prices.halt'],
    ['POST', '/prices/ETH/resume', 'prices.halt'],
    ['POST', '/reconcile/run', 'reconcile.run'],
    ['GET', '/features', 'features.manage'],
    ['POST', '/features/mall', 'features.manage'],
  ])('%s %s needs %s; a user token and no token get 401', async (method, path, permission) => {
    const roles = { support, reviewer, finance, admin };
    const allowed = { 'console.read': ['support', 'reviewer', 'finance', 'admin'], 'prices.halt': ['finance'], 'reconcile.run': ['finance'], 'features.manage': ['admin'] }[permission]!;
    // a body that fails validation: an allowed role gets past the permission to a 400, the others stop at 403
    const payload = method === 'POST' ? { unexpected: true } : undefined;
    for (const [role, operator] of Object.entries(roles)) {
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url: `${ADMIN_API}${path}`, headers: opHeaders(operator.token), ...(payload ? { payload } : {}) });
      const expected = allowed.includes(role) ? (method === 'POST' ? 400 : 200) : 403;
      expect({ role, status: response.statusCode }).toEqual({ role, status: expected });
    }
    const asUser = await t.app.inject({ method: method as 'GET' | 'POST', url: `${ADMIN_API}${path}`, headers: bearer(user.token), ...(payload ? { payload } : {}) });
    expect(asUser.statusCode).toBe(401);
    const nobody = await t.app.inject({ method: method as 'GET' | 'POST', url: `${ADMIN_API}${path}`, ...(payload ? { payload } : {}) });
    expect(nobody.statusCode).toBe(401);
  });
});

describe('the dashboard', () => {
  it('shows what the database holds', async () => {
    const now = t.clock.now();
    // two withdrawals and one chain deposit waiting for review, one withdrawal already sent
    const withdrawal = (status: string) => ({
      user_id: user.userId, currency: 'USDT', network: 'ERC20', address: Wallet.createRandom().address, address_label: 'x', amount: 10n ** 10n, fee: 0n,
      status, review_reasons: status === 'review' ? 'amount' : '', reason: null, operator: null, idempotency_key: null, signer_address: null, nonce: null,
      tx_hash: null, block_number: null, created_at: BigInt(now), updated_at: BigInt(now), reviewed_at: null, broadcast_at: null, finished_at: null, waiting: null,
    });
    await t.db.insertInto('withdrawals').values([withdrawal('review'), withdrawal('review'), withdrawal('processing')]).execute();
    const chainDeposit = (status: string, index: number) => ({
      network: 'ERC20', currency: 'USDT', tx_hash: `0x${String(index).repeat(64)}`, log_index: 0n, block_number: 100n + BigInt(index), block_hash: `0x${'b'.repeat(64)}`,
      address: Wallet.createRandom().address, user_id: user.userId, amount: 10n ** 9n, chain_amount: '10000000', status, deposit_id: null,
      created_at: BigInt(now), updated_at: BigInt(now), credited_at: null, operator: null, reason: null,
    });
    await t.db.insertInto('chain_deposits').values([chainDeposit('review', 1), chainDeposit('confirming', 2)]).execute();
    await t.db.insertInto('chain_cursors').values({ network: 'ERC20', block_number: 150n, block_hash: `0x${'c'.repeat(64)}`, head: 160n, updated_at: BigInt(now - 1000) }).execute();
    // one approval pending, one done
    const approval = (status: string, target: string) => ({ action: 'operator.add', target, payload: '{}', status, requested_by: admin.id, reason: 'r', requested_at: BigInt(now), decided_by: null, decided_at: null });
    await t.db.insertInto('approvals').values([approval('pending', 'a'), approval('done', 'b')]).execute();
    // the BEP20 signer halted by an operator; the ERC20 signer failing three runs in a row
    await t.db.insertInto('withdrawal_halts').values({ network: 'BEP20', operator: 'cli:ops', reason: 'hot wallet low', halted_at: BigInt(now - 60_000) }).execute();
    for (let i = 0; i < 3; i += 1) await recordRun(t.db, 'withdrawSigner', 'ERC20', now, new Error('no quorum'));
    await recordRun(t.db, 'depositWatcher', 'ERC20', now);
    await recordReconciliations(t.db, [
      { runAt: now - 5000, currency: 'USDT', status: 'shortfall', assets: 90n * 10n ** 8n, liabilities: 100n * 10n ** 8n, difference: -10n * 10n ** 8n, reason: 'shortfall of 10 USDT', detail: { networks: [], liabilities: { users: '100', inFlightWithdrawals: '0' } } },
      { runAt: now - 5000, currency: 'ETH', status: 'ok', assets: 10n ** 8n, liabilities: 0n, difference: 10n ** 8n, reason: null, detail: { networks: [], liabilities: { users: '0', inFlightWithdrawals: '0' } } },
    ]);
    await post(finance.token, '/prices/FIL/halt', { reason: 'exchange listing dispute' });

    const response = await get(support.token, '/dashboard');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ withdrawalsInReview: 2, depositsInReview: 1, approvalsPending: 1, at: stamp(now) });
    expect(data.signers).toEqual([
      { network: 'BEP20', halted: { operator: 'cli:ops', reason: 'hot wallet low', since: stamp(now - 60_000) }, failuresInARow: 0, failing: false, lastError: null, lastErrorAt: null, lastOkAt: null },
      { network: 'ERC20', halted: null, failuresInARow: 3, failing: true, lastError: 'no quorum', lastErrorAt: stamp(now), lastOkAt: null },
    ]);
    expect(data.watchers).toEqual([expect.objectContaining({ network: 'ERC20', cursor: 150, head: 160, lag: 10, stuck: false, deposits: expect.objectContaining({ review: 1, confirming: 1 }), oldestConfirmingBlock: 102 })]);
    expect(data.prices.map((p: { currency: string; usable: boolean; reason: string | null }) => [p.currency, p.usable, p.reason])).toEqual([['BTC', true, null], ['ETH', true, null], ['FIL', false, 'halted']]);
    expect(data.prices[2].halted).toEqual({ operator: finance.address, reason: 'exchange listing dispute', since: stamp(now) });
    expect(data.reconciliation).toEqual({
      runAt: stamp(now - 5000),
      ok: false,
      rows: [
        expect.objectContaining({ currency: 'ETH', status: 'ok', assets: '1', liabilities: '0', difference: '1' }),
        expect.objectContaining({ currency: 'USDT', status: 'shortfall', assets: '90', liabilities: '100', difference: '-10', reason: 'shortfall of 10 USDT' }),
      ],
    });
    const ledger = await checkLedger(t.db);
    expect(ledger.entries).toBeGreaterThan(0);
    expect(data.ledger).toEqual({
      ok: true,
      entries: ledger.entries,
      accounts: ledger.accounts,
      currencySums: Object.fromEntries(Object.entries(ledger.currencySums).map(([currency, sum]) => [currency, fromUnits(sum)])),
      systemBalances: Object.fromEntries(Object.entries(ledger.systemBalances).map(([system, by]) => [system, Object.fromEntries(Object.entries(by).map(([c, units]) => [c, fromUnits(units)]))])),
      problems: [],
    });
    await post(finance.token, '/prices/FIL/resume', { reason: 'dispute settled' });
  });
});

describe('price halts from the console', () => {
  const quoteEth = () => quote(t.app, user, { from: 'USDT', to: 'ETH', amount: '10' });

  it('refuse every priced action of the currency until resumed, and are audited', async () => {
    expect((await quoteEth()).statusCode).toBe(200);

    const halted = await post(finance.token, '/prices/ETH/halt', { reason: 'source exchange hacked' });
    expect(halted.statusCode).toBe(200);
    expect(halted.json().data).toMatchObject({ changed: true, price: { currency: 'ETH', usable: false, reason: 'halted', halted: { operator: finance.address, reason: 'source exchange hacked' } } });
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'halted' } });
    const listed = (await get(support.token, '/prices')).json().data;
    expect(listed.find((p: { currency: string }) => p.currency === 'ETH')).toMatchObject({ usable: false, reason: 'halted' });

    // a second halt keeps the first and records nothing
    const again = await post(finance.token, '/prices/ETH/halt', { reason: 'second thoughts' });
    expect(again.json().data).toMatchObject({ changed: false, price: { halted: { reason: 'source exchange hacked' } } });

    const resumed = await post(finance.token, '/prices/ETH/resume', { reason: 'exchange fixed' });
    expect(resumed.json().data).toMatchObject({ changed: true, price: { currency: 'ETH', usable: true, halted: null } });
    expect((await quoteEth()).statusCode).toBe(200);
    expect((await post(finance.token, '/prices/ETH/resume', { reason: 'again' })).json().data.changed).toBe(false);

    const audit = await auditOf('price:ETH');
    expect(audit).toEqual([
      expect.objectContaining({ source: 'console', actor: finance.address, role: 'finance', action: 'price.halt', reason: 'source exchange hacked', after_json: '{"halted":true}', request_id: halted.json().requestId }),
      expect.objectContaining({ source: 'console', actor: finance.address, role: 'finance', action: 'price.resume', reason: 'exchange fixed', after_json: '{"halted":false}', request_id: resumed.json().requestId }),
    ]);
    expect(JSON.parse(audit[1].before_json!)).toMatchObject({ halted: true, operator: finance.address, reason: 'source exchange hacked' });
  });

  it('refuses what is not a market currency, and a halt without a reason', async () => {
    expect((await post(finance.token, '/prices/USDT/halt', { reason: 'x' })).statusCode).toBe(400);
    expect((await post(finance.token, '/prices/ETH/halt', { reason: '' })).statusCode).toBe(400);
    expect((await post(finance.token, '/prices/ETH/halt', {})).statusCode).toBe(400);
    expect(await t.db.selectFrom('price_halts').selectAll().where('currency', '=', 'ETH').execute()).toEqual([]);
  });
});

describe('the OpenAPI document for the console', () => {
  it('is the whole document, the console\'s calls included', async () => {
    const doc = (await get(support.token, '/openapi.json')).json().data;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/admin/dashboard'].get.summary).toEqual(expect.any(String));
    expect(doc.paths['/api/v1/web/features'].get).toBeDefined();
  });
});

describe('reconciliation', () => {
  it('a run needs a watched network', async () => {
    const response = await post(finance.token, '/reconcile/run', { reason: 'month end' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'BUSINESS_RULE', errKey: 'admin.reconcile.noNetworks' });
  });

  describe('with a network whose endpoint does not answer', () => {
    let chained: TestApp;
    let financeOp: SignedInOperator;
    let supportOp: SignedInOperator;
    beforeAll(async () => {
      const env = {
        CHAIN_ERC20_RPC_URL: 'http://127.0.0.1:9',
        CHAIN_ERC20_TOKEN_ADDRESS: Wallet.createRandom().address,
        DEPOSIT_XPUB: HDNodeWallet.createRandom(undefined, "m/44'/60'/0'").neuter().extendedKey,
      };
      const { chainNetworks, depositXpub } = loadConfig(env);
      chained = await startTestApp({ seed: true, config: { chainNetworks, depositXpub } });
      financeOp = await signedInOperator(chained, 'finance');
      supportOp = await signedInOperator(chained, 'support');
    });
    afterAll(async () => chained?.close());

    it('records the run (unavailable, never ok), lists it and audits it', async () => {
      const run = await chained.app.inject({ method: 'POST', url: `${ADMIN_API}/reconcile/run`, headers: opHeaders(financeOp.token), payload: { reason: 'month end' } });
      expect(run.statusCode).toBe(200);
      const data = run.json().data;
      expect(data).toMatchObject({ runAt: stamp(chained.clock.now()), ok: false });
      expect(data.rows.map((row: { currency: string; status: string }) => [row.currency, row.status]).sort()).toEqual([['ETH', 'unavailable'], ['USDT', 'unavailable']]);
      expect(data.rows[0].reason).toMatch(/not read from the chain: ERC20/);

      const audit = await chained.db.selectFrom('audit_log').selectAll().where('action', '=', 'reconcile.run').execute();
      expect(audit).toEqual([expect.objectContaining({ source: 'console', actor: financeOp.address, role: 'finance', target: `reconciliation:${chained.clock.now()}`, reason: 'month end', request_id: run.json().requestId })]);
      expect(JSON.parse(audit[0].after_json!)).toEqual({ ETH: { status: 'unavailable', difference: null }, USDT: { status: 'unavailable', difference: null } });

      // `ops reconcile` does the same, audited as from the command line
      chained.clock.advance(1000);
      const printed: unknown[] = [];
      const fast = reconcileCommand({ log: silent, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 2000 } });
      expect(await fast.run(['--reason', 'nightly check', '--operator', 'ops-dave'], { db: chained.db, clock: chained.clock, config: chained.config, print: (v) => printed.push(v) })).toBe(1);
      expect(printed).toHaveLength(2);
      const cli = await chained.db.selectFrom('audit_log').select(['source', 'actor', 'role', 'target', 'reason', 'request_id']).where('action', '=', 'reconcile.run').where('source', '=', 'cli').execute();
      expect(cli).toEqual([{ source: 'cli', actor: 'ops-dave', role: 'cli', target: `reconciliation:${chained.clock.now()}`, reason: 'nightly check', request_id: 'cli' }]);

      const listed = await chained.app.inject({ method: 'GET', url: `${ADMIN_API}/reconcile?pageSize=1`, headers: opHeaders(supportOp.token) });
      expect(listed.json().data).toMatchObject({ total: 2, page: 1, pageSize: 1, list: [{ runAt: stamp(chained.clock.now()), ok: false }] });
      const second = await chained.app.inject({ method: 'GET', url: `${ADMIN_API}/reconcile?page=2&pageSize=1`, headers: opHeaders(supportOp.token) });
      expect(second.json().data.list).toEqual([expect.objectContaining({ runAt: data.runAt })]);
      expect((await chained.app.inject({ method: 'GET', url: `${ADMIN_API}/dashboard`, headers: opHeaders(supportOp.token) })).json().data.reconciliation.runAt).toBe(stamp(chained.clock.now()));
    }, 30_000);
  });
});
