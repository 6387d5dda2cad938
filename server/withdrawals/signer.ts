/**
 * The withdrawal signer, one per network: sends approved withdrawals (status
 * `processing`) from the hot wallet and follows them to the end. What it guarantees:
 *
 * - **Intent before broadcast.** For a withdrawal it first assigns the signer account's next nonce
 *   and signs the transaction offline, then writes the intent (`withdrawal_txs`: nonce, fee caps,
 *   the signed transaction's hash) in one transaction with the withdrawal's nonce, and only then
 *   broadcasts. A crash before the broadcast leaves an intent that the next run sends (the same
 *   fields sign to the same transaction: ECDSA signatures here are deterministic, RFC 6979, and
 *   the hash is checked); a crash after it leaves an intent whose hash is already on chain, which the
 *   next run only marks as sent. The nonce is fixed by then, so the same withdrawal can never be
 *   paid twice.
 * - **Distinct nonces.** The next nonce is the larger of the chain's pending count and one past the
 *   highest nonce written; the intent's unique key (network, signer, nonce, attempt) refuses a
 *   second withdrawal on a nonce, and the withdrawal's nonce is set only while it is still unset.
 * - **Funds first.** A withdrawal whose amount the hot wallet cannot cover (its balance less what
 *   it has broadcast and not yet seen mined) waits in `processing`; `ops withdraw:list` shows it.
 *   The gas is counted too: a native-coin withdrawal needs its amount plus its gas limit × the fee
 *   ceiling left over, a token withdrawal needs that much of the gas coin (`waiting = gasFunds`),
 *   so a withdrawal of the whole balance can never leave nothing to pay gas with.
 * - **Never stalled by one.** A transaction every endpoint refuses is marked (`waiting = refused`)
 *   and sent again at the next run, while the run goes on with the others; a run that throws is
 *   recorded (server/withdrawals/job.ts: three in a row show the signer as failing).
 * - **Quorum.** Heads, balances, nonces and fees are the values a quorum of endpoints vouches for,
 *   a receipt is acted on only when a quorum agrees on it, and a signed transaction is sent to every
 *   endpoint (server/deposits/rpc.ts).
 * - **Following.** A mined transaction moves the withdrawal to `confirming` with its confirmations;
 *   at the network's confirmations it is `completed` and the frozen amount is settled
 *   (`postSettle`: amount to `sys:withdrawals`, fee to `fees`); a reverted one is `failed` and
 *   amount + fee return (`postReturn`), once the revert too has the network's confirmations. A receipt that disappears (reorg) sends it back to
 *   `broadcast`.
 * - **Replacing a stuck transaction.** A sent transaction not mined after `replaceAfterMs` is
 *   signed again on the same nonce with fee caps at least 12.5 % higher (nodes want 10 %), written
 *   as the next attempt's intent before it is broadcast, like the first. Every attempt is followed
 *   until one is mined; the nonce lets only one of them be, so the withdrawal is still paid once.
 *   An intent whose nonce the chain has used for another of its attempts can never be mined and is
 *   marked `replaced`; the attempts that lost are marked `replaced` when the withdrawal ends.
 * - **A fee ceiling.** No transaction offers more than `maxFeePerGas` (WITHDRAW_MAX_FEE_GWEI) per
 *   gas: the first is capped there, and a stuck one that cannot rise 12.5 % more under it is not
 *   replaced but marked (`waiting = feeCap`, `ops withdraw:list`) for an operator.
 */
import { Interface, Transaction, type JsonRpcProvider, type TransactionReceipt, type TransactionRequest, type Wallet } from 'ethers';
import { convertDecimals } from '../../contract/rules/money';
import type { Db } from '../db';
import { AT_LEAST_NUMBER, type Agreement, type RpcCaller } from '../deposits/rpc';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import type { Clock } from '../time';
import { isWithdrawalHalted } from './halts';
import { postReturn, postSettle } from './postings';
import { notifyWithdrawal } from './notify';
import type { WithdrawalRow } from './view';

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address who) view returns (uint256)']);
const LEDGER_DECIMALS = 8;
/** gas limits: a native transfer costs exactly 21000; an ERC-20 transfer well under 100000 */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

export interface SignerNetwork {
  network: string;
  chainId: bigint;
  /** the coin transactions carry as value (ETH on ERC20) */
  nativeCurrency: string;
  /** token currencies: contract address and on-chain decimals */
  tokens: Record<string, { address: string; decimals: number }>;
  confirmations: number;
  /** a sent transaction not mined after this long is replaced (same nonce, higher fee) */
  replaceAfterMs: number;
  /** the most any transaction offers per gas (wei) */
  maxFeePerGas: bigint;
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** what one run did */
export interface SignerRunSummary {
  sent: number;
  completed: number;
  failed: number;
  /** stuck transactions sent again on their nonce with a higher fee */
  replaced: number;
  /** stuck transactions not replaced: a replacement would pass the fee ceiling */
  atFeeCap: number;
  /** approved withdrawals the hot wallet cannot pay yet (amount or gas) */
  waitingForFunds: number;
  /** transactions every endpoint refused (sent again next run) */
  refused: number;
  /** an operator halted the network: nothing new was sent (halts.ts) */
  halted: boolean;
}

/** a signed transaction whose intent is written: broadcast it */
export interface Intent {
  id: bigint;
  raw: string;
  hash: string;
}

/** why an approved withdrawal is not sent yet (`withdrawals.waiting`) */
export const WAITING_FOR_FUNDS = 'hotWalletFunds';
/** why a stuck withdrawal is not sent again: a replacement would offer more than the fee ceiling */
export const WAITING_FOR_FEE_CAP = 'feeCap';
/** why an approved withdrawal is not sent yet: the hot wallet lacks the gas coin to pay its gas */
export const WAITING_FOR_GAS = 'gasFunds';
/** why a written transaction is not out: every endpoint refused it (sent again each run) */
export const WAITING_REFUSED = 'refused';

export class WithdrawalSigner {
  constructor(
    private readonly db: Db,
    private readonly net: SignerNetwork,
    private readonly wallet: Wallet,
    private readonly rpc: RpcCaller,
    private readonly clock: Clock,
  ) {}

  /** the run's stop signal: a stop ends the run between steps (each one is whole) */
  private signal: AbortSignal = new AbortController().signal;

  /** one JSON-RPC call, through the caller's retries, acted on only when the endpoints' quorum agrees */
  private chain<T>(what: string, fn: (provider: JsonRpcProvider) => Promise<T>, agreement?: Agreement<T>): Promise<T> {
    return this.rpc.call(what, fn, this.signal, agreement);
  }

  /** a number honest endpoints may differ on (head, balance, nonce): the one a quorum vouches for */
  private chainNumber(what: string, fn: (provider: JsonRpcProvider) => Promise<number | bigint>): Promise<bigint> {
    return this.chain(what, fn, AT_LEAST_NUMBER).then(BigInt);
  }

  get address(): string {
    return this.wallet.address;
  }

  /** One run: finish interrupted intents, follow what was sent, send what is approved. */
  async run(signal?: AbortSignal): Promise<SignerRunSummary> {
    if (signal) this.signal = signal;
    const summary: SignerRunSummary = { sent: 0, completed: 0, failed: 0, replaced: 0, atFeeCap: 0, waitingForFunds: 0, refused: 0, halted: false };
    await this.reconcile(summary);
    await this.follow(summary);
    // an operator's halt: what was started is finished and followed, nothing new is sent
    if (await isWithdrawalHalted(this.db, this.net.network)) {
      summary.halted = true;
      return summary;
    }
    for (const row of await this.approved()) {
      if (this.signal.aborted) throw this.signal.reason;
      const prepared = await this.prepareOrWait(row);
      if (prepared === WAITING_FOR_FUNDS || prepared === WAITING_FOR_GAS) summary.waitingForFunds += 1;
      else if (prepared && (await this.send(prepared, summary))) summary.sent += 1;
    }
    return summary;
  }

  /** broadcast, or (refused by every endpoint) mark why and go on with the others */
  private async send(intent: Intent, summary: SignerRunSummary): Promise<boolean> {
    try {
      await this.broadcast(intent);
      return true;
    } catch (error) {
      if (!(error instanceof IntentRefused)) throw error;
      await this.db.updateTable('withdrawals').set({ waiting: WAITING_REFUSED }).where('id', '=', intent.id).where('status', '=', 'processing').execute();
      summary.refused += 1;
      return false;
    }
  }

  private approved(): Promise<WithdrawalRow[]> {
    return this.db.selectFrom('withdrawals').selectAll().where('network', '=', this.net.network).where('status', '=', 'processing').where('nonce', 'is', null).orderBy('id').execute();
  }

  /** the withdrawal's value in the chain's units: the token's decimals, or 18 for the native coin */
  private chainAmount(row: Pick<WithdrawalRow, 'currency' | 'amount'>): bigint {
    const decimals = row.currency === this.net.nativeCurrency ? 18 : this.token(row.currency).decimals;
    return convertDecimals(row.amount, LEDGER_DECIMALS, decimals, 'down');
  }

  private token(currency: string) {
    const token = this.net.tokens[currency];
    if (!token) throw new Error(`no token configured for ${currency} on ${this.net.network}`);
    return token;
  }

  private txFor(row: WithdrawalRow, nonce: bigint, fees: Fees): TransactionRequest {
    const common = { chainId: this.net.chainId, nonce: Number(nonce), type: 2, ...fees };
    if (row.currency === this.net.nativeCurrency) return { ...common, to: row.address, value: this.chainAmount(row), gasLimit: NATIVE_GAS };
    return { ...common, to: this.token(row.currency).address, value: 0n, gasLimit: TOKEN_GAS, data: ERC20.encodeFunctionData('transfer', [row.address, this.chainAmount(row)]) };
  }

  /** the most gas a withdrawal of `currency` can cost: its gas limit × the fee ceiling */
  private gasReserve(currency: string): bigint {
    return (currency === this.net.nativeCurrency ? NATIVE_GAS : TOKEN_GAS) * this.net.maxFeePerGas;
  }

  /**
   * What the hot wallet holds of `currency` less what it has sent and not seen mined: the amounts
   * of that currency and, of the gas coin, the gas every such transaction may still cost.
   */
  private async spendable(currency: string): Promise<bigint> {
    const balance =
      currency === this.net.nativeCurrency
        ? await this.chainNumber('eth_getBalance', (p) => p.getBalance(this.address, 'latest'))
        : await this.chainNumber('balanceOf', async (p) => BigInt(await p.call({ to: this.token(currency).address, data: ERC20.encodeFunctionData('balanceOf', [this.address]) })));
    const pending = await this.db.selectFrom('withdrawals').selectAll().where('network', '=', this.net.network).where('status', '=', 'broadcast').execute();
    const owed = pending.reduce(
      (sum, row) => sum + (row.currency === currency ? this.chainAmount(row) : 0n) + (currency === this.net.nativeCurrency ? this.gasReserve(row.currency) : 0n),
      0n,
    );
    return balance - owed;
  }

  /** why the hot wallet cannot send this withdrawal now, or null */
  private async shortOf(row: WithdrawalRow): Promise<typeof WAITING_FOR_FUNDS | typeof WAITING_FOR_GAS | null> {
    const amount = this.chainAmount(row);
    if (row.currency === this.net.nativeCurrency) return (await this.spendable(row.currency)) < amount + this.gasReserve(row.currency) ? WAITING_FOR_FUNDS : null;
    if ((await this.spendable(row.currency)) < amount) return WAITING_FOR_FUNDS;
    return (await this.spendable(this.net.nativeCurrency)) < this.gasReserve(row.currency) ? WAITING_FOR_GAS : null;
  }

  private async nextNonce(): Promise<bigint> {
    const chain = await this.chainNumber('eth_getTransactionCount', (p) => p.getTransactionCount(this.address, 'pending'));
    const written = await this.db
      .selectFrom('withdrawal_txs')
      .select((eb) => eb.fn.max('nonce').as('nonce'))
      .where('network', '=', this.net.network)
      .where('signer_address', '=', this.address)
      .executeTakeFirst();
    const next = written?.nonce === null || written?.nonce === undefined ? 0n : BigInt(written.nonce) + 1n;
    return chain > next ? chain : next;
  }

  /**
   * Step 1: funds checked, nonce assigned, transaction signed offline and its intent written.
   * Returns null when the withdrawal waits for funds or was taken meanwhile.
   */
  async prepare(row: WithdrawalRow): Promise<Intent | null> {
    const prepared = await this.prepareOrWait(row);
    return prepared === WAITING_FOR_FUNDS || prepared === WAITING_FOR_GAS ? null : prepared;
  }

  /** `prepare`, telling a wait for funds or gas (recorded on the withdrawal for the operator) apart */
  private async prepareOrWait(row: WithdrawalRow): Promise<Intent | typeof WAITING_FOR_FUNDS | typeof WAITING_FOR_GAS | null> {
    const short = await this.shortOf(row);
    if (short) {
      await this.db.updateTable('withdrawals').set({ waiting: short }).where('id', '=', row.id).where('status', '=', 'processing').where('nonce', 'is', null).execute();
      return short;
    }
    const nonce = await this.nextNonce();
    const feeData = await this.feeData();
    // never more than the ceiling: a transaction that the market prices above it waits (and is not replaced)
    const maxFeePerGas = minOf(feeData.maxFeePerGas ?? feeData.gasPrice ?? 0n, this.net.maxFeePerGas);
    const fees = { maxFeePerGas, maxPriorityFeePerGas: minOf(feeData.maxPriorityFeePerGas ?? 0n, maxFeePerGas) };
    const raw = await this.wallet.signTransaction(this.txFor(row, nonce, fees));
    const hash = Transaction.from(raw).hash!;
    const now = BigInt(this.clock.now());
    const taken = await runMoneyTransaction(this.db, async (trx) => {
      const updated = await trx
        .updateTable('withdrawals')
        .set({ nonce, signer_address: this.address, waiting: null, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'processing')
        .where('nonce', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('withdrawal_txs')
        .values({
          withdrawal_id: row.id, network: this.net.network, signer_address: this.address, nonce, attempt: 0n, tx_hash: hash,
          max_fee_per_gas: String(fees.maxFeePerGas), max_priority_fee_per_gas: String(fees.maxPriorityFeePerGas), status: 'intent', created_at: now, updated_at: now,
        })
        .execute();
      return true;
    });
    return taken ? { id: row.id, raw, hash } : null;
  }

  /** the fee market as a quorum of endpoints sees it: the quorum-th highest max fee */
  private feeData() {
    return this.chain('eth_feeHistory', (p) => p.getFeeData(), { kind: 'atLeast', value: (fees) => fees.maxFeePerGas ?? fees.gasPrice ?? 0n });
  }

  /** whether a quorum of endpoints knows the transaction (pending or mined) */
  private known(hash: string): Promise<boolean> {
    return this.chain('eth_getTransactionByHash', async (p) => (await p.getTransaction(hash)) !== null);
  }

  /**
   * Step 2: broadcast a written intent to every endpoint, then record it as sent. A node's refusal
   * is an answer, not retried: "already known" (a second broadcast of the same transaction) is
   * fine; refused by all and known to none, it throws IntentRefused and the intent stays for the
   * next run to send again.
   */
  async broadcast(intent: Intent): Promise<void> {
    const outcomes = await this.rpc.everywhere('eth_sendRawTransaction', (p) => p.broadcastTransaction(intent.raw), this.signal);
    const refusal = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (refusal && !outcomes.some((o) => o.status === 'fulfilled') && !(await this.known(intent.hash))) throw new IntentRefused(intent.id, refusal.reason);
    await this.markSent(intent.id, intent.hash);
  }

  private async markSent(id: bigint, hash: string): Promise<void> {
    const now = BigInt(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('withdrawal_txs').set({ status: 'sent', updated_at: now }).where('withdrawal_id', '=', id).where('tx_hash', '=', hash).where('status', '=', 'intent').execute();
      const sent = await trx.updateTable('withdrawals').set({ status: 'broadcast', tx_hash: hash, broadcast_at: now, waiting: null, updated_at: now }).where('id', '=', id).where('status', '=', 'processing').executeTakeFirst();
      // told once: when this attempt moved it out of processing (a replacement does not)
      if (sent.numUpdatedRows === 1n) await notifyWithdrawal(trx, await trx.selectFrom('withdrawals').select(['id', 'user_id', 'currency', 'amount']).where('id', '=', id).executeTakeFirstOrThrow(), 'withdraw.sent', Number(now));
      // a replacement: the withdrawal now shows the newest attempt's hash (the mined one's at the end)
      await trx.updateTable('withdrawals').set({ tx_hash: hash, updated_at: now }).where('id', '=', id).where('status', 'in', ['broadcast', 'confirming']).execute();
    });
  }

  /** Intents a crash left unsent: on chain already → sent; else the same transaction is sent now. */
  private async reconcile(summary: SignerRunSummary): Promise<void> {
    const intents = await this.db.selectFrom('withdrawal_txs').selectAll().where('network', '=', this.net.network).where('signer_address', '=', this.address).where('status', '=', 'intent').orderBy('nonce').execute();
    for (const intent of intents) {
      if (await this.known(intent.tx_hash)) {
        await this.markSent(intent.withdrawal_id, intent.tx_hash);
        continue;
      }
      if (intent.attempt > 0n && (await this.nonceUsed(intent.nonce))) {
        // an earlier attempt was mined before this replacement got out: it can never be mined
        await this.db.updateTable('withdrawal_txs').set({ status: 'replaced', updated_at: BigInt(this.clock.now()) }).where('id', '=', intent.id).where('status', '=', 'intent').execute();
        continue;
      }
      const row = await this.db.selectFrom('withdrawals').selectAll().where('id', '=', intent.withdrawal_id).executeTakeFirstOrThrow();
      const fees = { maxFeePerGas: BigInt(intent.max_fee_per_gas), maxPriorityFeePerGas: BigInt(intent.max_priority_fee_per_gas) };
      const raw = await this.wallet.signTransaction(this.txFor(row, intent.nonce, fees));
      if (Transaction.from(raw).hash !== intent.tx_hash) throw new Error(`withdrawal ${row.id}: the re-signed transaction differs from its intent ${intent.tx_hash}; not sent`);
      await this.send({ id: row.id, raw, hash: intent.tx_hash }, summary);
    }
  }

  /** Sent withdrawals: confirmations, then settled (completed) or returned (reverted). */
  private async follow(summary: SignerRunSummary): Promise<void> {
    const rows = await this.db.selectFrom('withdrawals').selectAll().where('network', '=', this.net.network).where('status', 'in', ['broadcast', 'confirming']).orderBy('id').execute();
    if (!rows.length) return;
    const head = await this.chainNumber('eth_blockNumber', (p) => p.getBlockNumber());
    for (const row of rows) {
      const txs = await this.db.selectFrom('withdrawal_txs').select('tx_hash').where('withdrawal_id', '=', row.id).where('status', 'in', ['sent', 'mined']).execute();
      let receipt = null;
      // a receipt is acted on only when a quorum agrees on its status, block hash and block number
      for (const tx of txs) receipt ??= await this.chain('eth_getTransactionReceipt', (p) => p.getTransactionReceipt(tx.tx_hash), RECEIPT_AGREEMENT);
      const now = this.clock.now();
      const at = BigInt(now);
      if (!receipt) {
        if (row.status === 'confirming') {
          await this.db.updateTable('withdrawals').set({ status: 'broadcast', confirmations: 0n, block_number: null, updated_at: at }).where('id', '=', row.id).where('status', '=', 'confirming').execute();
        } else {
          const replaced = await this.replaceIfStuck(row);
          if (replaced === WAITING_FOR_FEE_CAP) summary.atFeeCap += 1;
          else if (replaced) summary.replaced += 1;
        }
        continue;
      }
      const block = BigInt(receipt.blockNumber);
      const confirmations = head >= block ? head - block + 1n : 0n;
      const hash = receipt.hash;
      if (receipt.status === 0 && confirmations >= BigInt(this.net.confirmations)) {
        // a revert is final only at the network's confirmations, like a success: until then a reorg
        // may still mine the transaction again, and returning the funds would pay twice
        const failed = await runMoneyTransaction(this.db, async (trx) => {
          const moved = await trx
            .updateTable('withdrawals')
            .set({ status: 'failed', reason: 'reverted on chain', tx_hash: hash, block_number: block, waiting: null, finished_at: at, updated_at: at })
            .where('id', '=', row.id)
            .where('status', 'in', ['broadcast', 'confirming'])
            .executeTakeFirst();
          if (moved.numUpdatedRows !== 1n) return false;
          await this.markMined(trx, row.id, hash, at);
          await postReturn(trx, row, now);
          await notifyWithdrawal(trx, row, 'withdraw.failed', now);
          return true;
        });
        if (failed) summary.failed += 1;
      } else if (receipt.status !== 0 && confirmations >= BigInt(this.net.confirmations)) {
        const completed = await runMoneyTransaction(this.db, async (trx) => {
          const moved = await trx
            .updateTable('withdrawals')
            // capped at the count it needed (n/12 in the history), however late this run saw it
            .set({ status: 'completed', tx_hash: hash, block_number: block, confirmations: BigInt(this.net.confirmations), waiting: null, finished_at: at, updated_at: at })
            .where('id', '=', row.id)
            .where('status', 'in', ['broadcast', 'confirming'])
            .executeTakeFirst();
          if (moved.numUpdatedRows !== 1n) return false;
          await this.markMined(trx, row.id, hash, at);
          await postSettle(trx, row, hash, now);
          await notifyWithdrawal(trx, row, 'withdraw.completed', now);
          return true;
        });
        if (completed) summary.completed += 1;
      } else {
        await this.db.updateTable('withdrawals').set({ status: 'confirming', tx_hash: hash, block_number: block, confirmations, waiting: null, updated_at: at }).where('id', '=', row.id).where('status', 'in', ['broadcast', 'confirming']).execute();
      }
    }
  }

  /** the mined attempt is `mined`; every other attempt of the withdrawal lost its nonce: `replaced` */
  private async markMined(trx: Trx, id: bigint, hash: string, at: bigint): Promise<void> {
    await trx.updateTable('withdrawal_txs').set({ status: 'mined', updated_at: at }).where('withdrawal_id', '=', id).where('tx_hash', '=', hash).execute();
    await trx.updateTable('withdrawal_txs').set({ status: 'replaced', updated_at: at }).where('withdrawal_id', '=', id).where('tx_hash', '<>', hash).where('status', 'in', ['intent', 'sent']).execute();
  }

  /** has the chain mined a transaction of the hot wallet on this nonce (or a later one)? */
  private async nonceUsed(nonce: bigint): Promise<boolean> {
    return (await this.chainNumber('eth_getTransactionCount', (p) => p.getTransactionCount(this.address, 'latest'))) > nonce;
  }

  /**
   * A broadcast withdrawal none of whose attempts is mined, the newest sent `replaceAfterMs` ago or
   * more: the same transaction on the same nonce with higher fee caps, its intent written before it
   * is broadcast. Returns whether a replacement went out, or WAITING_FOR_FEE_CAP when one would
   * have to offer more than the ceiling (the withdrawal is marked so, for the operator).
   */
  private async replaceIfStuck(row: WithdrawalRow): Promise<boolean | typeof WAITING_FOR_FEE_CAP> {
    const last = await this.db.selectFrom('withdrawal_txs').selectAll().where('withdrawal_id', '=', row.id).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
    if (!last || last.status !== 'sent' || row.nonce === null) return false;
    const now = this.clock.now();
    if (now - Number(last.updated_at) < this.net.replaceAfterMs) return false;
    // mined meanwhile (between the receipt look-up and now): the next run sees its receipt
    if (await this.nonceUsed(row.nonce)) return false;
    const bump = (old: string) => (BigInt(old) * 9n) / 8n + 1n;
    if (bump(last.max_fee_per_gas) > this.net.maxFeePerGas) {
      // nodes take a replacement only 10 % dearer: under the ceiling there is no room for one
      await this.db.updateTable('withdrawals').set({ waiting: WAITING_FOR_FEE_CAP }).where('id', '=', row.id).where('status', '=', 'broadcast').execute();
      return WAITING_FOR_FEE_CAP;
    }
    const feeData = await this.feeData();
    const maxFeePerGas = minOf(maxOf(feeData.maxFeePerGas ?? feeData.gasPrice ?? 0n, bump(last.max_fee_per_gas)), this.net.maxFeePerGas);
    // never above the fee cap; at least 12.5 % above the last (bump(priority) <= bump(max fee) <= the cap)
    const maxPriorityFeePerGas = minOf(maxOf(feeData.maxPriorityFeePerGas ?? 0n, bump(last.max_priority_fee_per_gas)), maxFeePerGas);
    const fees = { maxFeePerGas, maxPriorityFeePerGas };
    const raw = await this.wallet.signTransaction(this.txFor(row, row.nonce, fees));
    const hash = Transaction.from(raw).hash!;
    const at = BigInt(now);
    const written = await runMoneyTransaction(this.db, async (trx) => {
      const still = await trx.updateTable('withdrawals').set({ updated_at: at }).where('id', '=', row.id).where('status', '=', 'broadcast').executeTakeFirst();
      if (still.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('withdrawal_txs')
        .values({
          withdrawal_id: row.id, network: this.net.network, signer_address: this.address, nonce: row.nonce!, attempt: last.attempt + 1n, tx_hash: hash,
          max_fee_per_gas: String(maxFeePerGas), max_priority_fee_per_gas: String(maxPriorityFeePerGas), status: 'intent', created_at: at, updated_at: at,
        })
        .execute();
      return true;
    });
    if (!written) return false;
    try {
      await this.broadcast({ id: row.id, raw, hash });
    } catch (error) {
      // the replacement's intent stays: the next run sends it again (reconcile)
      if (error instanceof IntentRefused) return false;
      throw error;
    }
    return true;
  }
}

/** receipts compared on what the signer acts on; none is an answer too (not mined yet) */
const RECEIPT_AGREEMENT: Agreement<TransactionReceipt | null> = {
  kind: 'same',
  key: (receipt) => (receipt ? `${receipt.status}:${receipt.blockHash}:${receipt.blockNumber}:${receipt.hash}` : 'none'),
};

/** every endpoint refused a transaction and none knows it */
export class IntentRefused extends Error {
  constructor(
    readonly withdrawalId: bigint,
    readonly refusal: unknown,
  ) {
    const e = refusal as { shortMessage?: string; message?: string } | null;
    super(`withdrawal ${withdrawalId}: the transaction was refused by every endpoint: ${(e?.shortMessage ?? e?.message ?? String(refusal)).slice(0, 200)}`);
    this.name = 'IntentRefused';
  }
}

function maxOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b));
}

function minOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a < b ? a : b));
}
