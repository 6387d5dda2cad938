/**
 * Deposits: per-user addresses derived from the configured xpub (or one generated once and kept
 * without its private key), crediting by the ops command (idempotent by network + tx hash,
 * audited in the ledger), and the user's deposit records.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HDNodeWallet } from 'ethers';
import { startTestApp, type TestApp } from './support/app';
import { balanceOf, newUser, randomTxHash, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { cliActor } from '../../server/operators/actor';
import { checkLedger } from '../../server/ledger/invariants';
import { opsCommand } from '../projectCommand';

const ROOT = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'");
const XPUB = ROOT.neuter().extendedKey;
const RECHARGE_URL = '/api/v1/web/account/recharge';

let t: TestApp;
let alice: MoneyUser;
beforeAll(async () => {
  t = await startTestApp({ seed: true, config: { depositXpub: XPUB } });
  alice = await newUser(t.app, t.db, t.clock, { payPassword: null });
});
afterAll(async () => t.close());

const recharge = (user: MoneyUser, query = '') => t.app.inject({ method: 'GET', url: `${RECHARGE_URL}${query}`, headers: bearer(user.token) });

describe('deposit addresses', () => {
  it('derives each user\'s address from the xpub (child 0/<user id>), the same every time', async () => {
    const bob = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const first = (await recharge(alice)).json().data.networks;
    expect(first).toContainEqual({ network: 'ERC20', currency: 'USDT', address: ROOT.deriveChild(0).deriveChild(Number(alice.userId)).address, minDeposit: '10', confirmations: 12 });
    expect((await recharge(alice)).json().data.networks).toEqual(first);
    const bobs = (await recharge(bob)).json().data.networks;
    expect(bobs[0].address).not.toBe(first[0].address);
    expect((await recharge(alice, '?currency=ETH')).json().data.networks.map((n: { network: string }) => n.network)).toEqual(['ERC20']);
  });

  it('without DEPOSIT_XPUB generates one xpub at first start and keeps only that', async () => {
    const other = await startTestApp({ seed: true });
    try {
      const user = await newUser(other.app, other.db, other.clock, { payPassword: null });
      const response = await other.app.inject({ method: 'GET', url: RECHARGE_URL, headers: bearer(user.token) });
      const address = response.json().data.networks[0].address;
      const stored = await other.db.selectFrom('app_meta').select('value').where('key', '=', 'deposit_xpub').executeTakeFirstOrThrow();
      expect(stored.value).toMatch(/^xpub/);
      expect(HDNodeWallet.fromExtendedKey(stored.value).deriveChild(0).deriveChild(Number(user.userId)).address).toBe(address);
      const meta = await other.db.selectFrom('app_meta').select('value').execute();
      expect(meta.some((row) => row.value.startsWith('xprv'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('crediting', () => {
  it('credits once per network + tx hash, audited in the ledger, and lists the record', async () => {
    const tx = randomTxHash();
    const input = { uid: alice.uid, network: 'ERC20', currency: 'USDT', amount: '150.25', txHash: tx };
    const inputAct = { actor: cliActor('carol'), now: t.clock.now(), reason: '' };
    expect((await creditDeposit(t.db, input, inputAct)).created).toBe(true);
    expect((await creditDeposit(t.db, input, inputAct)).created).toBe(false);
    expect((await creditDeposit(t.db, { ...input, txHash: tx.toUpperCase().replace('0X', '0x') }, inputAct)).created).toBe(false);
    expect(await balanceOf(t.app, alice)).toBe('150.25');
    await expect(creditDeposit(t.db, { ...input, amount: '999' }, inputAct)).rejects.toMatchObject({ code: 'CONFLICT' });
    const ledgerTx = await t.db.selectFrom('ledger_transactions').select('ref').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(ledgerTx.ref).toBe(`ops:deposit:credit:cli:carol:ERC20:${tx}`);
    const records = (await recharge(alice)).json().data.records;
    expect(records.total).toBe(1);
    expect(records.list[0]).toMatchObject({ network: 'ERC20', currency: 'USDT', amount: '150.25', txHash: tx, status: 'credited' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses unknown networks, amounts below the minimum, bad hashes and unknown users', async () => {
    const base = { uid: alice.uid, network: 'ERC20', currency: 'USDT', amount: '100', txHash: randomTxHash() };
    const baseAct = { actor: cliActor('carol'), now: t.clock.now(), reason: '' };
    await expect(creditDeposit(t.db, { ...base, network: 'TRC20' }, baseAct)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(creditDeposit(t.db, { ...base, amount: '9.99' }, baseAct)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    await expect(creditDeposit(t.db, { ...base, amount: '1.123456789' }, baseAct)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(creditDeposit(t.db, { ...base, txHash: '0x1234' }, baseAct)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(creditDeposit(t.db, { ...base, uid: '1' }, baseAct)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('runs as `npm run ops -- deposit:credit`, idempotently, and `ledger:check` reports the invariants', async () => {
    const { options } = t.testDb;
    const env = { ...process.env, SQLITE_PATH: options.sqlitePath, DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: options.databaseSchema ?? '' };
    const tx = randomTxHash();
    const args = ['deposit:credit', '--uid', alice.uid, '--currency', 'USDT', '--amount', '40', '--network', 'BEP20', '--tx', tx, '--operator', 'dave'];
    const run = (opsArgs: string[]) => promisify(execFile)(...opsCommand(opsArgs, { env }));
    const first = await run(args);
    expect(JSON.parse(first.stdout)).toMatchObject({ credited: true, amount: '40' });
    const second = await run(args);
    expect(JSON.parse(second.stdout)).toMatchObject({ credited: false, alreadyCredited: true });
    const check = await run(['ledger:check']);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, currencySums: { USDT: '0' }, problems: [] });
    expect(await balanceOf(t.app, alice)).toBe('190.25');
  }, 180_000);
});
