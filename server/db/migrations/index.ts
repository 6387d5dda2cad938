/**
 * Every migration, in order, as a static list (works under tsx, jest and a bundle alike).
 * Add a migration: create `NNNN_topic.ts` exporting `up` (and `down`), then list it here.
 * Never edit a migration that has shipped; add a new one.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_users_auth';
import * as m0002 from './0002_catalogue';
import * as m0010 from './0010_ledger';
import * as m0020 from './0020_address_invite';
import * as m0030 from './0030_orders';
import * as m0040 from './0040_mall_orders';
import * as m0050 from './0050_sessions_step_up';
import * as m0060 from './0060_chain_deposits';
import * as m0070 from './0070_withdrawals';
import * as m0080 from './0080_index_audit';
import * as m0090 from './0090_withdrawal_waiting';
import * as m0100 from './0100_market_prices';
import * as m0110 from './0110_chain_job_runs';
import * as m0120 from './0120_deposit_review';
import * as m0130 from './0130_reconciliations';
import * as m0140 from './0140_withdraw_risk';
import * as m0150 from './0150_operators';
import * as m0170 from './0170_translations';
import * as m0180 from './0180_notifications';
import * as m0190 from './0190_pay_password_reset';
import * as m0197 from './0197_settlement_paging';
import * as m0200 from './0200_ledger_ref_unique';

export const migrations: Record<string, Migration> = {
  '0001_users_auth': m0001,
  '0002_catalogue': m0002,
  '0010_ledger': m0010,
  '0020_address_invite': m0020,
  '0030_orders': m0030,
  '0040_mall_orders': m0040,
  '0050_sessions_step_up': m0050,
  '0060_chain_deposits': m0060,
  '0070_withdrawals': m0070,
  '0080_index_audit': m0080,
  '0090_withdrawal_waiting': m0090,
  '0100_market_prices': m0100,
  '0110_chain_job_runs': m0110,
  '0120_deposit_review': m0120,
  '0130_reconciliations': m0130,
  '0140_withdraw_risk': m0140,
  '0150_operators': m0150,
  '0170_translations': m0170,
  '0180_notifications': m0180,
  '0190_pay_password_reset': m0190,
  '0197_settlement_paging': m0197,
  '0200_ledger_ref_unique': m0200,
};
