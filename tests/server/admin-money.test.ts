/**
 * The console's money: the withdrawal queue (filters, paging, the review queue oldest first), a
 * withdrawal's detail, approving (at once at or below WITHDRAW_SECOND_APPROVAL_ABOVE, by two
 * different reviewers above it, here or through the approvals page), rejecting (money returned, a
 * waiting first approval cancelled), step-up proofs (required, naming this action, used once), a
 * frozen account's withdrawal, network halts, the deposits list and review, and the credit by hand
 * that a second finance operator carries out, once. Every action leaves its audit entry; the ops
 * commands' entries are marked as from the command line.
 */
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { toUnits } from '../../contract/rules/money';
import { checkLedger } from '../../server/ledger/invariants';
import { cliActor } from '../../server/operators/actor';
import { approvalById } from '../../server/operators/approvals';
import { MONEY_APPROVAL_EXECUTORS } from '../../server/operators/moneyApprovals';
import { DEPOSIT_REVIEW_OPS_COMMANDS } from '../../server/ops/depositReview';
import { depositCredit } from '../../server/ops/depositCredit';
import { WITHDRAW_OPS_COMMANDS } from '../../server/ops/withdrawCommands';
import { freezeUser } from '../../server/users/freeze';
import { startTestApp, type TestApp } from './support/app';
import { deposit, newUser, randomTxHash, type MoneyUser } from './support/ledger';
import { ADMIN_API, opHeaders, operatorProof, signedInOperator, type SignedInOperator } from './support/operators';
import { askWithdrawal, saveWithdrawAddress, type SavedAddress } from './support/withdrawals';

let t: TestApp;
let support: SignedInOperator;
let reviewer: SignedInOperator;
let reviewer2: SignedInOperator;
let finance: SignedInOperator;
let finance2: SignedInOperator;
let alice: MoneyUser;
let bob: MoneyUser;
let aliceTo: SavedAddress;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await signedInOperator(t, 'support');
  reviewer = await signedInOperator(t, 'reviewer');
  reviewer2 = await signedInOperator(t, 'reviewer');
  finance = await signedInOperator(t, 'finance');
  finance2 = await signedInOperator(t, 'finance');
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '90000');
  await deposit(t.db, t.clock, bob, '1000');
  // saved a moment ago (signed, usable at once): every withdrawal to it waits for review, and the clock never passes its delay
  aliceTo = await saveWithdrawAddress(t, alice, 'to', { wait: false });
});
afterAll(async () => t.close());

async function admin(operator: SignedInOperator, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${ADMIN_API}${url}`, headers: { ...opHeaders(operator.token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const auditOf = (action: string, target: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', target).orderBy('id').execute();

async function balances(user: MoneyUser, currency = 'USDT') {
  const account = await t.db.selectFrom('ledger_accounts').select(['available', 'frozen']).where('owner', '=', `u${user.userId}`).where('currency', '=', currency).executeTakeFirst();
  return { available: account?.available ?? 0n, frozen: account?.frozen ?? 0n };
}

const withdrawalRow = (id: string) => t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

async function approve(operator: SignedInOperator, id: string) {
  return admin(operator, 'POST', `/withdrawals/${id}/approve`, { proof: await operatorProof(t, operator, 'withdraw.approve', id) });
}

async function reject(operator: SignedInOperator, id: string, reason: string) {
  return admin(operator, 'POST', `/withdrawals/${id}/reject`, { proof: await operatorProof(t, operator, 'withdraw.reject', id), reason });
}

async function ops(command: { run: (args: string[], ctx: never) => Promise<number> }, args: string[]) {
  const printed: Array<Record<string, unknown>> = [];
  const ctx = { db: t.db, clock: t.clock, print: (value: unknown) => printed.push(value as Record<string, unknown>) };
  expect(await command.run(args, ctx as never)).toBe(0);
  return printed;
}

/** a deposit the watcher holds for review (above DEPOSIT_REVIEW_ABOVE), as it would have stored it */
async function heldDeposit(user: MoneyUser, amount: string): Promise<{ id: string; txHash: string }> {
  const now = BigInt(t.clock.now());
  const txHash = randomTxHash();
  const row = await t.db
    .insertInto('chain_deposits')
    .values({
      network: 'ERC20', currency: 'USDT', tx_hash: txHash, log_index: 0n, block_number: 100n, block_hash: `0x${randomBytes(32).toString('hex')}`,
      address: Wallet.createRandom().address, user_id: user.userId, amount: toUnits(amount), chain_amount: String(toUnits(amount) / 100n), status: 'review',
      deposit_id: null, created_at: now, updated_at: now, credited_at: null, operator: null, reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), txHash };
}

describe('the withdrawal queue', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const amount of ['100', '200', '300']) {
      ids.push(await askWithdrawal(t, alice, aliceTo, amount));
      t.clock.advance(1000);
    }
  });

  it('lists by status, currency, network and user; the review queue oldest first, other lists newest first; paged', async () => {
    const queue = await admin(support, 'GET', `/withdrawals?status=review&uid=${alice.uid}`);
    expect(queue.status).toBe(200);
    expect(queue.body.data.list.map((w: { id: string }) => w.id)).toEqual(ids);
    expect(queue.body.data.list[0]).toMatchObject({
      id: ids[0], status: 'review', currency: 'USDT', network: 'ERC20', toAddress: aliceTo.address, amount: '100', fee: '5',
      user: { uid: alice.uid, address: alice.address, frozen: false }, needsSecondApproval: false, pendingApprovalId: null, operator: null,
    });
    expect(queue.body.data.list[0].reviewReasons).toContain('firstWithdrawal');
    const all = await admin(support, 'GET', `/withdrawals?uid=${alice.uid}&currency=USDT&network=ERC20`);
    expect(all.body.data.list.map((w: { id: string }) => w.id)).toEqual([...ids].reverse());
    const paged = await admin(support, 'GET', `/withdrawals?status=review&uid=${alice.uid}&page=2&pageSize=2`);
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.data.list.map((w: { id: string }) => w.id)).toEqual([ids[2]]);
    expect((await admin(support, 'GET', '/withdrawals?network=BEP20&uid=' + alice.uid)).body.data).toMatchObject({ list: [], total: 0 });
    expect((await admin(support, 'GET', '/withdrawals?uid=999999999')).body.data).toMatchObject({ list: [], total: 0 });
    expect((await admin(support, 'GET', '/withdrawals?status=sent')).status).toBe(400);
    expect((await admin(support, 'GET', '/withdrawals?pageSize=101')).status).toBe(400);
  });

  it('shows one withdrawal with the user\'s balances, recent entries, withdrawals and deposits', async () => {
    const detail = await admin(support, 'GET', `/withdrawals/${ids[1]}`);
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data.withdrawal).toMatchObject({ id: ids[1], amount: '200' });
    expect(data.balances).toEqual([{ currency: 'USDT', available: expect.any(String), frozen: '615' }]);
    expect(data.recentEntries.length).toBeGreaterThan(0);
    expect(data.recentEntries[0]).toMatchObject({ currency: 'USDT', ref: expect.stringMatching(/^withdraw:/) });
    expect(data.recentWithdrawals.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[0]]);
    expect(data.recentDeposits[0]).toMatchObject({ kind: 'credited', status: 'credited', source: 'ops', amount: '90000', user: { uid: alice.uid } });
    expect(data.approvals).toEqual([]);
    expect((await admin(support, 'GET', '/withdrawals/999999999')).status).toBe(404);
  });

  it('approves one at or below the threshold at once, audited with the operator, role and request id; a repeat changes nothing', async () => {
    const before = await balances(alice);
    const approved = await approve(reviewer, ids[0]);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ outcome: 'approved', approval: null, withdrawal: { id: ids[0], status: 'processing', operator: reviewer.address } });
    expect(await balances(alice)).toEqual(before);
    const [entry] = await auditOf('withdraw.approve', `withdrawal:${ids[0]}`);
    expect(entry).toMatchObject({ source: 'console', actor: reviewer.address, role: 'reviewer', operator_id: reviewer.id, reason: '', request_id: approved.body.requestId });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ status: 'review' });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ status: 'processing', operator: reviewer.address });
    const again = await approve(reviewer, ids[0]);
    expect(again.body.data).toMatchObject({ outcome: 'approved', withdrawal: { status: 'processing' } });
    expect(await auditOf('withdraw.approve', `withdrawal:${ids[0]}`)).toHaveLength(1);
  });

  it('rejects with a reason: amount and fee back to available, audited with the reason', async () => {
    const before = await balances(alice);
    const rejected = await reject(reviewer, ids[1], 'address on a sanctions list');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'address on a sanctions list', operator: reviewer.address });
    const after = await balances(alice);
    expect(after.available - before.available).toBe(toUnits('205'));
    expect(before.frozen - after.frozen).toBe(toUnits('205'));
    const refs = await t.db.selectFrom('ledger_transactions').select('ref').where('ref', 'like', `withdraw:${ids[1]}:%`).orderBy('id').execute();
    expect(refs.map((r) => r.ref)).toEqual([`withdraw:${ids[1]}:freeze`, `withdraw:${ids[1]}:release`]);
    expect(await auditOf('withdraw.reject', `withdrawal:${ids[1]}`)).toEqual([
      expect.objectContaining({ actor: reviewer.address, role: 'reviewer', reason: 'address on a sanctions list', request_id: rejected.body.requestId }),
    ]);
    expect((await approve(reviewer, ids[1])).body.errCode).toBe('CONFLICT');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('needs a fresh proof naming this action and this withdrawal, used once; and the reviewer\'s role', async () => {
    const id = ids[2];
    const none = await admin(reviewer, 'POST', `/withdrawals/${id}/approve`, {});
    expect(none.status).toBe(400);
    const wrongAction = await admin(reviewer, 'POST', `/withdrawals/${id}/approve`, { proof: await operatorProof(t, reviewer, 'withdraw.reject', id) });
    expect(wrongAction).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });
    const wrongTarget = await admin(reviewer, 'POST', `/withdrawals/${id}/approve`, { proof: await operatorProof(t, reviewer, 'withdraw.approve', ids[0]) });
    expect(wrongTarget).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });
    const otherWallet = await admin(reviewer, 'POST', `/withdrawals/${id}/approve`, { proof: await operatorProof(t, reviewer2, 'withdraw.approve', id) });
    expect(otherWallet).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });
    expect((await withdrawalRow(id)).status).toBe('review');

    const proof = await operatorProof(t, reviewer, 'withdraw.reject', id);
    expect((await admin(reviewer, 'POST', `/withdrawals/${id}/reject`, { proof, reason: 'duplicate' })).status).toBe(200);
    const reused = await admin(reviewer, 'POST', `/withdrawals/${id}/reject`, { proof, reason: 'duplicate' });
    expect(reused).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });

    expect((await admin(support, 'POST', `/withdrawals/${id}/approve`, { proof: await operatorProof(t, support, 'withdraw.approve', id) })).status).toBe(403);
    expect((await admin(finance, 'POST', `/withdrawals/${id}/reject`, { proof: await operatorProof(t, finance, 'withdraw.reject', id), reason: 'x' })).status).toBe(403);
    const user = await t.app.inject({ method: 'GET', url: `${ADMIN_API}/withdrawals`, headers: opHeaders(alice.token) });
    expect(user.statusCode).toBe(401);
  });
});

describe('four eyes above WITHDRAW_SECOND_APPROVAL_ABOVE', () => {
  it('the first reviewer\'s approval moves nothing; the same reviewer again is refused; a second reviewer\'s sends it', async () => {
    const id = await askWithdrawal(t, alice, aliceTo, '25000');
    const before = await balances(alice);
    const first = await approve(reviewer, id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      outcome: 'awaitingSecond', withdrawal: { id, status: 'review', needsSecondApproval: true, firstApprover: reviewer.address },
      approval: { action: 'withdraw.approve', target: `withdrawal:${id}`, status: 'pending', requestedBy: reviewer.address },
    });
    expect(first.body.data.withdrawal.pendingApprovalId).toBe(first.body.data.approval.id);
    expect((await withdrawalRow(id)).status).toBe('review');
    expect(await balances(alice)).toEqual(before);
    expect(await auditOf('withdraw.approve.request', `withdrawal:${id}`)).toEqual([expect.objectContaining({ actor: reviewer.address, request_id: first.body.requestId })]);

    const same = await approve(reviewer, id);
    expect(same).toMatchObject({ status: 409, body: { errCode: 'CONFLICT', errKey: 'admin.approval.sameOperator' } });
    expect((await withdrawalRow(id)).status).toBe('review');

    const detail = (await admin(support, 'GET', `/withdrawals/${id}`)).body.data;
    expect(detail.approvals).toEqual([expect.objectContaining({ id: first.body.data.approval.id, status: 'pending' })]);

    const second = await approve(reviewer2, id);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      outcome: 'approved', withdrawal: { status: 'processing', operator: reviewer2.address, pendingApprovalId: null },
      approval: { status: 'done', requestedBy: reviewer.address, decidedBy: reviewer2.address },
    });
    expect(await auditOf('withdraw.approve.confirm', `withdrawal:${id}`)).toEqual([expect.objectContaining({ actor: reviewer2.address })]);
    expect(await auditOf('withdraw.approve', `withdrawal:${id}`)).toEqual([expect.objectContaining({ actor: reviewer2.address, request_id: second.body.requestId })]);
    expect(await balances(alice)).toEqual(before);
  });

  it('a second reviewer may confirm it on the approvals page (POST /admin/approvals/:id/confirm)', async () => {
    const id = await askWithdrawal(t, alice, aliceTo, '21000');
    const first = await approve(reviewer, id);
    const approvalId = first.body.data.approval.id as string;
    const selfConfirm = await admin(reviewer, 'POST', `/approvals/${approvalId}/confirm`, { proof: await operatorProof(t, reviewer, 'approval.confirm', approvalId) });
    expect(selfConfirm).toMatchObject({ status: 409, body: { errKey: 'admin.approval.sameOperator' } });
    const confirmed = await admin(reviewer2, 'POST', `/approvals/${approvalId}/confirm`, { proof: await operatorProof(t, reviewer2, 'approval.confirm', approvalId) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.approval).toMatchObject({ status: 'done', decidedBy: reviewer2.address });
    expect(await withdrawalRow(id)).toMatchObject({ status: 'processing', operator: reviewer2.address });
    expect(await auditOf('withdraw.approve', `withdrawal:${id}`)).toEqual([expect.objectContaining({ actor: reviewer2.address, role: 'reviewer' })]);
    const again = await admin(reviewer2, 'POST', `/approvals/${approvalId}/confirm`, { proof: await operatorProof(t, reviewer2, 'approval.confirm', approvalId) });
    expect(again).toMatchObject({ status: 409, body: { errKey: 'admin.approval.notPending' } });
  });

  it('the executor itself approves the withdrawal in the transaction that completes the approval', async () => {
    const id = await askWithdrawal(t, alice, aliceTo, '20500');
    const first = await approve(reviewer, id);
    const approval = await approvalById(t.db, BigInt(first.body.data.approval.id));
    const act = { actor: { source: 'console' as const, operatorId: reviewer2.id, address: reviewer2.address, role: 'reviewer' as const, sessionId: 1n, requestId: 'req-executor' }, now: t.clock.now(), reason: '' };
    await MONEY_APPROVAL_EXECUTORS['withdraw.approve'](t.db, approval, act);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'processing', operator: reviewer2.address });
    expect((await approvalById(t.db, approval.id)).status).toBe('done');
  });

  it('rejecting a withdrawal cancels its waiting first approval', async () => {
    const id = await askWithdrawal(t, alice, aliceTo, '22000');
    const first = await approve(reviewer, id);
    const rejected = await reject(reviewer2, id, 'user asked us to stop it');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', pendingApprovalId: null });
    expect((await approvalById(t.db, BigInt(first.body.data.approval.id))).status).toBe('cancelled');
    expect(await auditOf('withdraw.approve.cancel', `withdrawal:${id}`)).toEqual([expect.objectContaining({ actor: reviewer2.address })]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('a frozen account', () => {
  it('has no withdrawal approved, by the console or the command line; rejecting it returns the money', async () => {
    const to = await saveWithdrawAddress(t, bob, 'to', { wait: false });
    const id = await askWithdrawal(t, bob, to, '50');
    await freezeUser(t.db, bob.uid, { actor: cliActor('test'), now: t.clock.now(), reason: 'looks stolen' });
    const listed = (await admin(support, 'GET', `/withdrawals?uid=${bob.uid}`)).body.data.list[0];
    expect(listed.user.frozen).toBe(true);
    const refused = await approve(reviewer, id);
    expect(refused).toMatchObject({ status: 403, body: { errCode: 'ACCOUNT_FROZEN' } });
    await expect(WITHDRAW_OPS_COMMANDS['withdraw:approve'].run([id], { db: t.db, clock: t.clock, print: () => undefined })).rejects.toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect((await withdrawalRow(id)).status).toBe('review');
    expect(await auditOf('withdraw.approve', `withdrawal:${id}`)).toEqual([]);
    const before = await balances(bob);
    expect((await reject(reviewer, id, 'account frozen')).status).toBe(200);
    expect((await balances(bob)).available - before.available).toBe(toUnits('55'));
  });
});

describe('network halts', () => {
  it('halts and resumes a network\'s signer with a reason, audited; refuses an unknown network and a role without review', async () => {
    const halted = await admin(reviewer, 'POST', '/withdrawals/halt', { network: 'BEP20', reason: 'hot wallet under review' });
    expect(halted.status).toBe(200);
    expect(halted.body.data.halts).toEqual([expect.objectContaining({ network: 'BEP20', operator: reviewer.address, reason: 'hot wallet under review' })]);
    expect((await admin(support, 'GET', '/withdrawal-halts')).body.data).toMatchObject({ networks: expect.arrayContaining(['ERC20', 'BEP20']), halts: [{ network: 'BEP20' }] });
    expect((await admin(reviewer2, 'POST', '/withdrawals/halt', { network: 'BEP20', reason: 'again' })).body.data.halts[0].operator).toBe(reviewer.address);
    expect(await auditOf('withdraw.halt', 'network:BEP20')).toEqual([expect.objectContaining({ actor: reviewer.address, reason: 'hot wallet under review' })]);
    const resumed = await admin(reviewer, 'POST', '/withdrawals/resume', { network: 'BEP20', reason: 'wallet checked' });
    expect(resumed.body.data.halts).toEqual([]);
    expect(await auditOf('withdraw.resume', 'network:BEP20')).toEqual([expect.objectContaining({ actor: reviewer.address, reason: 'wallet checked' })]);
    expect((await admin(reviewer, 'POST', '/withdrawals/halt', { network: 'TRC20', reason: 'x' }))).toMatchObject({ status: 400, body: { errKey: 'admin.money.unknownNetwork' } });
    expect((await admin(support, 'POST', '/withdrawals/halt', { network: 'ERC20', reason: 'x' })).status).toBe(403);
    expect((await admin(finance, 'POST', '/withdrawals/resume', { network: 'ERC20', reason: 'x' })).status).toBe(403);
  });
});

describe('deposits', () => {
  it('lists what was credited and what the watcher holds, by status, network, currency and user, newest first', async () => {
    const held = await heldDeposit(bob, '60000');
    t.clock.advance(1000);
    const list = await admin(support, 'GET', `/deposits?uid=${bob.uid}`);
    expect(list.status).toBe(200);
    expect(list.body.data.list[0]).toMatchObject({ id: held.id, kind: 'seen', status: 'review', amount: '60000', txHash: held.txHash, logIndex: 0, blockNumber: '100', source: null, user: { uid: bob.uid } });
    expect(list.body.data.list.slice(1).every((d: { kind: string }) => d.kind === 'credited')).toBe(true);
    const review = await admin(support, 'GET', '/deposits?status=review');
    expect(review.body.data.list.map((d: { id: string }) => d.id)).toContain(held.id);
    expect(review.body.data.list.every((d: { status: string }) => d.status === 'review')).toBe(true);
    const credited = await admin(support, 'GET', `/deposits?status=credited&uid=${alice.uid}&network=ERC20&currency=USDT`);
    expect(credited.body.data).toMatchObject({ total: 1, list: [{ kind: 'credited', status: 'credited', source: 'ops', operator: 'cli:test', amount: '90000' }] });
    expect((await admin(support, 'GET', `/deposits?status=credited&uid=${alice.uid}&currency=ETH`)).body.data.total).toBe(0);
    const paged = await admin(support, 'GET', `/deposits?uid=${bob.uid}&page=2&pageSize=1`);
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, list: [{ kind: 'credited' }] });
    expect((await admin(support, 'GET', '/deposits?status=lost')).status).toBe(400);
  });

  it('a reviewer approves a held deposit (credited once, audited) and rejects another (never credited)', async () => {
    const held = await heldDeposit(alice, '55000');
    const before = await balances(alice);
    const approved = await admin(reviewer, 'POST', `/deposits/${held.id}/approve`, { proof: await operatorProof(t, reviewer, 'deposit.approve', held.id) });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: held.id, status: 'credited', operator: reviewer.address });
    expect((await balances(alice)).available - before.available).toBe(toUnits('55000'));
    expect(await auditOf('deposit.approve', `deposit:${held.id}`)).toEqual([expect.objectContaining({ actor: reviewer.address, role: 'reviewer', request_id: approved.body.requestId })]);
    const again = await admin(reviewer, 'POST', `/deposits/${held.id}/approve`, { proof: await operatorProof(t, reviewer, 'deposit.approve', held.id) });
    expect(again.status).toBe(200);
    expect((await balances(alice)).available - before.available).toBe(toUnits('55000'));
    expect(await auditOf('deposit.approve', `deposit:${held.id}`)).toHaveLength(1);

    const other = await heldDeposit(alice, '70000');
    const noProof = await admin(reviewer, 'POST', `/deposits/${other.id}/reject`, { proof: await operatorProof(t, reviewer, 'deposit.approve', other.id), reason: 'unknown source' });
    expect(noProof).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });
    const rejected = await admin(reviewer, 'POST', `/deposits/${other.id}/reject`, { proof: await operatorProof(t, reviewer, 'deposit.reject', other.id), reason: 'unknown source' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'unknown source', operator: reviewer.address });
    expect(await auditOf('deposit.reject', `deposit:${other.id}`)).toEqual([expect.objectContaining({ reason: 'unknown source' })]);
    expect((await balances(alice)).available - before.available).toBe(toUnits('55000'));
    expect((await admin(finance, 'POST', `/deposits/${other.id}/approve`, { proof: await operatorProof(t, finance, 'deposit.approve', other.id) })).status).toBe(403);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('a credit by hand', () => {
  const creditBody = async (operator: SignedInOperator, fields: { uid: string; amount: string; txHash: string }) => ({
    currency: 'USDT', network: 'ERC20', reason: 'support ticket 42: sent to an old address', ...fields,
    proof: await operatorProof(t, operator, 'deposit.credit', fields.txHash),
  });

  it('is only asked for by one finance operator and carried out, exactly once, by a second', async () => {
    const txHash = randomTxHash();
    const before = await balances(bob);
    const asked = await admin(finance, 'POST', '/deposits/credit', await creditBody(finance, { uid: bob.uid, amount: '123.45', txHash }));
    expect(asked.status).toBe(200);
    const approval = asked.body.data.approval;
    expect(approval).toMatchObject({ action: 'deposit.credit', target: `tx:ERC20:${txHash}`, status: 'pending', requestedBy: finance.address, reason: 'support ticket 42: sent to an old address' });
    expect(await balances(bob)).toEqual(before);
    expect(await auditOf('deposit.credit.request', `tx:ERC20:${txHash}`)).toEqual([expect.objectContaining({ actor: finance.address, role: 'finance', request_id: asked.body.requestId })]);

    const twice = await admin(finance2, 'POST', '/deposits/credit', await creditBody(finance2, { uid: bob.uid, amount: '123.45', txHash }));
    expect(twice).toMatchObject({ status: 409, body: { errKey: 'admin.approval.alreadyPending' } });
    const self = await admin(finance, 'POST', `/approvals/${approval.id}/confirm`, { proof: await operatorProof(t, finance, 'approval.confirm', approval.id) });
    expect(self).toMatchObject({ status: 409, body: { errKey: 'admin.approval.sameOperator' } });
    const byReviewer = await admin(reviewer, 'POST', `/approvals/${approval.id}/confirm`, { proof: await operatorProof(t, reviewer, 'approval.confirm', approval.id) });
    expect(byReviewer.status).toBe(403);
    expect(await balances(bob)).toEqual(before);

    const confirmed = await admin(finance2, 'POST', `/approvals/${approval.id}/confirm`, { proof: await operatorProof(t, finance2, 'approval.confirm', approval.id) });
    expect(confirmed.status).toBe(200);
    expect((await balances(bob)).available - before.available).toBe(toUnits('123.45'));
    const credited = await t.db.selectFrom('deposits').selectAll().where('tx_hash', '=', txHash).execute();
    expect(credited).toEqual([expect.objectContaining({ source: 'ops', operator: finance2.address, amount: toUnits('123.45'), log_index: -1n })]);
    expect(await auditOf('deposit.credit', `tx:ERC20:${txHash}`)).toEqual([
      expect.objectContaining({ actor: finance2.address, role: 'finance', reason: 'support ticket 42: sent to an old address', request_id: confirmed.body.requestId }),
    ]);
    expect(await auditOf('deposit.credit.confirm', `tx:ERC20:${txHash}`)).toHaveLength(1);

    const again = await admin(finance2, 'POST', `/approvals/${approval.id}/confirm`, { proof: await operatorProof(t, finance2, 'approval.confirm', approval.id) });
    expect(again).toMatchObject({ status: 409, body: { errKey: 'admin.approval.notPending' } });
    const askAgain = await admin(finance, 'POST', '/deposits/credit', await creditBody(finance, { uid: bob.uid, amount: '123.45', txHash }));
    expect(askAgain).toMatchObject({ status: 409, body: { errKey: 'admin.money.alreadyCredited' } });
    expect((await balances(bob)).available - before.available).toBe(toUnits('123.45'));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses at the asking what cannot be credited: unknown user, network, amount, tx hash, a held deposit, a roleless operator', async () => {
    const txHash = randomTxHash();
    const ask = async (fields: Record<string, string>) => admin(finance, 'POST', '/deposits/credit', { ...(await creditBody(finance, { uid: bob.uid, amount: '50', txHash })), ...fields });
    expect(await ask({ uid: '999999999' })).toMatchObject({ status: 404 });
    expect(await ask({ network: 'TRC20' })).toMatchObject({ status: 400, body: { errKey: 'deposit.unknownNetwork' } });
    expect(await ask({ currency: 'ETH', network: 'BEP20' })).toMatchObject({ status: 400, body: { errKey: 'deposit.unknownNetwork' } });
    expect(await ask({ amount: '0' })).toMatchObject({ status: 400 });
    expect(await ask({ amount: '5' })).toMatchObject({ status: 422, body: { errKey: 'deposit.belowMinimum' } });
    expect(await ask({ amount: '1.123456789' })).toMatchObject({ status: 400 });
    expect(await ask({ txHash: '0x1234' })).toMatchObject({ status: 400 });
    const held = await heldDeposit(bob, '60001');
    const heldAsk = await admin(finance, 'POST', '/deposits/credit', await creditBody(finance, { uid: bob.uid, amount: '60001', txHash: held.txHash }));
    expect(heldAsk).toMatchObject({ status: 409, body: { errKey: 'admin.money.inReview' } });
    const noProof = await admin(finance, 'POST', '/deposits/credit', { currency: 'USDT', network: 'ERC20', reason: 'x', uid: bob.uid, amount: '50', txHash });
    expect(noProof.status).toBe(400);
    const wrongProof = await admin(finance, 'POST', '/deposits/credit', { ...(await creditBody(finance, { uid: bob.uid, amount: '50', txHash })), proof: await operatorProof(t, finance, 'deposit.credit', randomTxHash()) });
    expect(wrongProof).toMatchObject({ status: 403, body: { errCode: 'STEP_UP_INVALID' } });
    expect((await admin(reviewer, 'POST', '/deposits/credit', await creditBody(reviewer, { uid: bob.uid, amount: '50', txHash }))).status).toBe(403);
    expect(await t.db.selectFrom('approvals').select('id').where('target', '=', `tx:ERC20:${txHash}`).execute()).toEqual([]);
  });
});

describe('the ops commands', () => {
  it('write the same audit entries, marked as from the command line; the command line approves above the four-eyes threshold at once', async () => {
    const one = await askWithdrawal(t, alice, aliceTo, '21000');
    const waiting = (await approve(reviewer, one)).body.data.approval;
    const [approved] = await ops(WITHDRAW_OPS_COMMANDS['withdraw:approve'], [one, '--operator', 'carol']);
    expect(approved).toMatchObject({ status: 'processing', operator: 'cli:carol', approved: true });
    // the first reviewer's approval has nothing left to confirm
    expect((await approvalById(t.db, BigInt(waiting.id))).status).toBe('cancelled');
    expect(await auditOf('withdraw.approve', `withdrawal:${one}`)).toEqual([
      expect.objectContaining({ source: 'cli', actor: 'carol', role: 'cli', operator_id: null, request_id: 'cli', reason: '' }),
    ]);
    expect(await auditOf('withdraw.approve.cancel', `withdrawal:${one}`)).toEqual([expect.objectContaining({ source: 'cli', actor: 'carol' })]);
    const two = await askWithdrawal(t, alice, aliceTo, '40');
    await ops(WITHDRAW_OPS_COMMANDS['withdraw:reject'], [two, '--reason', 'called the user', '--operator', 'dave']);
    expect(await auditOf('withdraw.reject', `withdrawal:${two}`)).toEqual([expect.objectContaining({ source: 'cli', actor: 'dave', reason: 'called the user' })]);
    await ops(WITHDRAW_OPS_COMMANDS['withdraw:halt'], ['ERC20', '--reason', 'chain trouble', '--operator', 'erin']);
    await ops(WITHDRAW_OPS_COMMANDS['withdraw:resume'], ['ERC20', '--operator', 'erin']);
    expect((await auditOf('withdraw.halt', 'network:ERC20')).at(-1)).toMatchObject({ source: 'cli', actor: 'erin', reason: 'chain trouble' });
    expect((await auditOf('withdraw.resume', 'network:ERC20')).at(-1)).toMatchObject({ source: 'cli', actor: 'erin' });

    const held = await heldDeposit(bob, '65000');
    await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'], [held.id, '--operator', 'frank']);
    expect(await auditOf('deposit.approve', `deposit:${held.id}`)).toEqual([expect.objectContaining({ source: 'cli', actor: 'frank' })]);
    const other = await heldDeposit(bob, '66000');
    await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:reject'], [other.id, '--reason', 'not ours', '--operator', 'frank']);
    expect(await auditOf('deposit.reject', `deposit:${other.id}`)).toEqual([expect.objectContaining({ source: 'cli', actor: 'frank', reason: 'not ours' })]);

    const txHash = randomTxHash();
    const args = ['--uid', bob.uid, '--currency', 'USDT', '--amount', '20', '--network', 'BEP20', '--tx', txHash, '--reason', 'ticket 7', '--operator', 'gina'];
    const [credited] = await ops(depositCredit, args);
    expect(credited).toMatchObject({ credited: true });
    const [repeat] = await ops(depositCredit, args);
    expect(repeat).toMatchObject({ credited: false, alreadyCredited: true });
    expect(await auditOf('deposit.credit', `tx:BEP20:${txHash}`)).toEqual([expect.objectContaining({ source: 'cli', actor: 'gina', reason: 'ticket 7' })]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
