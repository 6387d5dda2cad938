/**
 * `deposit:credit --uid U --currency C --amount A --network N --tx 0x… [--reason TEXT] [--operator NAME]`:
 * credits a confirmed on-chain deposit at once (the server owner's break-glass path; in the
 * console a second finance operator confirms every credit by hand). Idempotent by network + tx
 * hash; the ledger reference names the operator (default: the OS user) as `cli:<name>`, and the
 * credit is in the audit log, marked as from the command line.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { creditDeposit } from '../deposits/creditByHand';
import { fromUnits } from '../../contract/rules/money';
import { cliActor } from '../operators/actor';
import type { OpsCommand } from './command';

export const depositCredit: OpsCommand = {
  usage: 'deposit:credit --uid UID --currency USDT --amount 100 --network ERC20 --tx 0x… [--reason TEXT] [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({
      args,
      options: {
        uid: { type: 'string' }, currency: { type: 'string' }, amount: { type: 'string' },
        network: { type: 'string' }, tx: { type: 'string' }, reason: { type: 'string' }, operator: { type: 'string' },
      },
      strict: true,
    });
    const missing = ['uid', 'currency', 'amount', 'network', 'tx'].filter((name) => !values[name as keyof typeof values]);
    if (missing.length) throw new Error(`missing --${missing.join(', --')}`);
    const reason = (values.reason ?? '').trim();
    if (reason.length > 200) throw new Error('--reason is at most 200 characters');
    const result = await creditDeposit(
      db,
      { uid: values.uid!, currency: values.currency!, amount: values.amount!, network: values.network!, txHash: values.tx! },
      { actor: cliActor((values.operator || os.userInfo().username).slice(0, 64)), now: clock.now(), reason },
    );
    print({ deposit: String(result.id), uid: values.uid, amount: fromUnits(result.amount), credited: result.created, alreadyCredited: !result.created });
    return 0;
  },
};
