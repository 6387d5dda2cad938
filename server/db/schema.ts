/**
 * The tables, as Kysely sees them. Conventions: every integer is BIGINT (`bigint` in code);
 * amounts are units of 1e-8 (see contract/rules/money.ts); instants are epoch milliseconds; flags are
 * 0/1 BIGINTs (SQLite has no boolean); ids travel as decimal strings on the wire.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<bigint>;
  /** public user number shown as UID */
  uid: string;
  /** EIP-55 checksummed wallet address */
  address: string;
  invite_code: string;
  inviter_id: bigint | null;
  /** keyed hash (HMAC under the pepper) of the 6-digit pay password, or an older scrypt one (server/payPassword/hash.ts) */
  pay_password_hash: string | null;
  created_at: bigint;
  /** when the pay password was last set or changed (a recent change sends withdrawals to review) */
  pay_password_changed_at: bigint | null;
  /** when the pay password was last reset with a wallet signature alone (withdrawals held after it) */
  pay_password_reset_at: bigint | null;
  /** set while an operator has frozen the account: no money leaves it (server/users/freeze.ts) */
  frozen_at: bigint | null;
  frozen_reason: string | null;
}

export interface AuthNoncesTable {
  nonce: string;
  created_at: bigint;
  expires_at: bigint;
  used_at: bigint | null;
}

export interface AuthSessionsTable {
  id: Generated<bigint>;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored */
  token_hash: string;
  user_id: bigint;
  created_at: bigint;
  last_used_at: bigint;
  /** absolute expiry */
  expires_at: bigint;
  revoked_at: bigint | null;
  /** random id the user sees to list and end sessions (never the token or its hash); written at sign-in, and by migration 0050 for older ones */
  public_id: string | null;
  /** User-Agent at sign-in, cut to 200 characters */
  user_agent: string;
  /** client IP at sign-in */
  ip: string;
}

/** One-time nonces of fresh wallet signatures (step-up), bound to a user and a purpose. */
export interface StepUpChallengesTable {
  nonce: string;
  user_id: bigint;
  /** e.g. 'payPassword.set' (contract/auth.ts StepUpPurpose) */
  purpose: string;
  created_at: bigint;
  expires_at: bigint;
  used_at: bigint | null;
}

/** Small key/value facts about the database itself (e.g. when it was seeded). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: bigint;
}

/** Price of one unit of a currency in USDT. */
/** The seed's reference prices: the centre of the demo feed's walk, never used to price an action (docs/prices.md). */
export interface PricesTable {
  currency: string;
  price_usdt: bigint;
  updated_at: bigint;
}

/** One poll of a currency's price sources (server/prices/feed.ts). */
export interface PriceSnapshotsTable {
  id: Generated<bigint>;
  currency: string;
  /** the median of the fresh sources; null when none was fresh */
  price_usdt: bigint | null;
  /** 1: enough fresh sources, all within the deviation of the median */
  usable: bigint;
  /** why not usable (contract/rules/prices.ts PriceUnavailableReason) */
  reason: string | null;
  /** JSON: [{ source, price (decimal string) | null, error? }] */
  sources: string;
  /** 0: kept a day; 1: the first of its minute, kept 30 days; 2: also the first of its half hour */
  sample: bigint;
  taken_at: bigint;
}

/** A currency an operator halted (ops prices:halt): nothing is priced with it until prices:resume. */
export interface PriceHaltsTable {
  currency: string;
  operator: string;
  reason: string;
  halted_at: bigint;
}

/** Account products (10000 = the basic USDT product). */
export interface AccountProductsTable {
  id: bigint;
  title: string;
  currency: string;
}

export interface ContentLinksTable {
  id: Generated<bigint>;
  type: 'banner' | 'notice' | 'link';
  title: string;
  content: string;
  url: string;
  image: string;
  sort: bigint;
  active: bigint;
  created_at: bigint;
}

export interface PowerProductsTable {
  id: Generated<bigint>;
  title: string;
  coin: string;
  unit: string;
  price_per_unit: bigint;
  term_days: bigint;
  daily_output_per_unit: bigint;
  electricity_fee_per_unit: bigint;
  /** percent of gross output, in units (5 % = 5 × 1e8) */
  management_fee_rate: bigint;
  /** units still for sale */
  stock: bigint;
  sold: bigint;
  min_units: bigint;
  sale_start: bigint;
  sale_end: bigint;
  sort: bigint;
  active: bigint;
  created_at: bigint;
}

export interface FinanceProductsTable {
  id: Generated<bigint>;
  title: string;
  currency: string;
  /** percent per year, in units */
  annual_rate: bigint;
  lock_days: bigint;
  min_amount: bigint;
  max_amount: bigint;
  quota: bigint;
  sold: bigint;
  sort: bigint;
  active: bigint;
  created_at: bigint;
}

export interface MallCategoriesTable {
  id: Generated<bigint>;
  name: string;
  sort: bigint;
}

export interface MallGoodsTable {
  id: Generated<bigint>;
  category_id: bigint;
  title: string;
  cover: string;
  /** JSON array of image URLs */
  images: string;
  description: string;
  sales: bigint;
  sort: bigint;
  active: bigint;
  created_at: bigint;
}

export interface MallSkusTable {
  id: Generated<bigint>;
  goods_id: bigint;
  name: string;
  price: bigint;
  stock: bigint;
  sort: bigint;
}

/* ---------- the address book and invite commissions (server/addresses, server/invites) ---------- */

export interface AddressesTable {
  id: Generated<bigint>;
  user_id: bigint;
  receiver: string;
  /** without spaces or hyphens */
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  /** 0/1; exactly one 1 per user who has addresses */
  is_default: bigint;
  created_at: bigint;
  updated_at: bigint;
}

/** One commission paid to an inviter for one purchase of an invitee (USDT units). */
export interface InviteCommissionsTable {
  id: Generated<bigint>;
  inviter_id: bigint;
  invitee_id: bigint;
  /** the purchase, e.g. "power-order:12"; unique */
  ref: string;
  purchase_amount: bigint;
  /** percent in units (5 % = 5 × 1e8) */
  rate: bigint;
  amount: bigint;
  created_at: bigint;
}

/* ---------- the money core (server/ledger) ---------- */

/** One balance per owner and currency. System accounts have no user and may go negative. */
export interface LedgerAccountsTable {
  id: Generated<bigint>;
  /** "u<user id>" or "sys:<name>" */
  owner: string;
  user_id: bigint | null;
  currency: string;
  available: bigint;
  frozen: bigint;
  updated_at: bigint;
}

/** A balanced group of journal entries, written by one `post`. */
export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  /** what caused it, e.g. "transfer:12" or "ops:deposit:credit:alice:ERC20:0x…" */
  ref: string;
  created_at: bigint;
}

/** The append-only journal (a trigger refuses UPDATE and DELETE). */
export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: bigint;
  /** the account's user, copied for the user's record queries */
  user_id: bigint | null;
  currency: string;
  bucket: 'available' | 'frozen';
  /** signed units */
  amount: bigint;
  /** the bucket's balance after this entry */
  balance_after: bigint;
  /** one of LEDGER_ENTRY_TYPES */
  type: string;
  remark: string;
  created_at: bigint;
}

/** A money-moving request's Idempotency-Key and the response it got. */
export interface IdempotencyKeysTable {
  user_id: bigint;
  key: string;
  /** SHA-256 of the endpoint and the body (pay password left out) */
  request_hash: string;
  /** JSON of the response data */
  response: string;
  created_at: bigint;
}

/** Wrong pay password tries in a row and the lock they caused. */
export interface PayPasswordGuardsTable {
  user_id: bigint;
  failures: bigint;
  locked_until: bigint;
  updated_at: bigint;
}

export interface DepositsTable {
  id: Generated<bigint>;
  user_id: bigint;
  network: string;
  currency: string;
  amount: bigint;
  tx_hash: string;
  /** who credited it (the ops command's operator, or 'watcher') */
  operator: string;
  created_at: bigint;
  /** the Transfer log's index in its block; -1: credited by hand for the whole transaction, or a native-coin deposit */
  log_index: Generated<bigint>;
  /** 'ops' (`ops deposit:credit`) or 'watcher' (server/deposits) */
  source: Generated<string>;
}

/** A deposit the chain watcher saw (server/deposits), from the moment it is seen. */
export interface ChainDepositsTable {
  id: Generated<bigint>;
  network: string;
  currency: string;
  tx_hash: string;
  /** the log's index in its block; -1 for a native-coin deposit (the transaction's own value) */
  log_index: bigint;
  block_number: bigint;
  block_hash: string;
  /** the deposit address it was sent to (checksummed) */
  address: string;
  user_id: bigint;
  /** ledger units (1e-8), rounded down from chain_amount */
  amount: bigint;
  /** the on-chain amount in the token's or coin's smallest unit, a decimal integer */
  chain_amount: string;
  /** CHAIN_DEPOSIT_STATUSES of server/deposits/status.ts */
  status: string;
  /** the credited deposit (deposits.id), the watcher's own or an operator's */
  deposit_id: bigint | null;
  created_at: bigint;
  updated_at: bigint;
  credited_at: bigint | null;
  /** who approved or rejected a deposit held for review */
  operator: string | null;
  /** why it was rejected */
  reason: string | null;
}

/** Per network: the last block the watcher scanned completely, and its hash. */
/** How a chain job's runs went per network (server/deposits/jobRuns.ts). */
export interface ChainJobRunsTable {
  job: string;
  network: string;
  failures_in_a_row: bigint;
  last_error: string | null;
  last_error_at: bigint | null;
  last_ok_at: bigint | null;
}

export interface ChainCursorsTable {
  network: string;
  block_number: bigint;
  block_hash: string;
  /** the chain head the last run saw */
  head: bigint;
  updated_at: bigint;
}

export interface TransfersTable {
  id: Generated<bigint>;
  from_user_id: bigint;
  to_user_id: bigint;
  currency: string;
  amount: bigint;
  fee: bigint;
  created_at: bigint;
}

export interface ConvertQuotesTable {
  id: string;
  user_id: bigint;
  from_currency: string;
  to_currency: string;
  amount: bigint;
  rate: bigint;
  fee: bigint;
  received: bigint;
  expires_at: bigint;
  used_at: bigint | null;
  created_at: bigint;
  /** the USDT prices the quote was priced from, when they were taken, their snapshots (null: USDT or the demo feed) */
  price_from: bigint | null;
  price_to: bigint | null;
  priced_at: bigint | null;
  snapshot_from: bigint | null;
  snapshot_to: bigint | null;
  /** 1: priced by the demo feed */
  demo: bigint;
}

export interface ConversionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  quote_id: string;
  from_currency: string;
  to_currency: string;
  amount: bigint;
  rate: bigint;
  fee: bigint;
  received: bigint;
  created_at: bigint;
  /** the price snapshots its quote was priced from (null: USDT or the demo feed) */
  snapshot_from: bigint | null;
  snapshot_to: bigint | null;
}

/* ---------- product orders and daily settlement (server/products, server/settlement) ---------- */

/** A bought power product; the product's terms are copied so that later edits never change it. */
export interface PowerOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  product_id: bigint;
  title: string;
  coin: string;
  unit: string;
  units: bigint;
  amount_usdt: bigint;
  daily_output_per_unit: bigint;
  electricity_fee_per_unit: bigint;
  management_fee_rate: bigint;
  /** first and last producing day, YYYY-MM-DD in the display time zone */
  start_day: string;
  end_day: string;
  created_at: bigint;
}

/** One power order's settled output for one day (unique per order and day). */
export interface PowerBillsTable {
  id: Generated<bigint>;
  order_id: bigint;
  user_id: bigint;
  day: string;
  coin: string;
  gross: bigint;
  electricity_fee: bigint;
  management_fee: bigint;
  net: bigint;
  created_at: bigint;
}

export interface FinanceOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  product_id: bigint;
  title: string;
  currency: string;
  principal: bigint;
  annual_rate: bigint;
  lock_days: bigint;
  /** first and last interest day; settling the last one returns principal and interest */
  start_day: string;
  maturity_day: string;
  redeemed_at: bigint | null;
  created_at: bigint;
}

/** One finance order's interest for one day (unique per order and day). */
export interface FinanceInterestTable {
  id: Generated<bigint>;
  order_id: bigint;
  user_id: bigint;
  day: string;
  amount: bigint;
  created_at: bigint;
}

export interface PowerExchangesTable {
  id: Generated<bigint>;
  user_id: bigint;
  coin: string;
  amount: bigint;
  /** USDT per coin, in units */
  rate: bigint;
  /** USDT */
  fee: bigint;
  received: bigint;
  created_at: bigint;
  /** the price snapshot it was priced from (null: the demo feed) */
  snapshot_id: bigint | null;
}

/** Days whose settlement completed (the scheduled job skips them). */
export interface SettledDaysTable {
  day: string;
  settled_at: bigint;
}

/* ---------- mall orders (server/mall) ---------- */

/** A mall order; goods, SKU and address are copied at checkout. Statuses: contract MALL_ORDER_STATUSES. */
export interface MallOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  order_no: string;
  status: 'unpaid' | 'paid' | 'shipped' | 'completed' | 'cancelled';
  goods_id: bigint;
  sku_id: bigint;
  title: string;
  sku_name: string;
  cover: string;
  price: bigint;
  quantity: bigint;
  total: bigint;
  address_id: bigint;
  receiver: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  address_is_default: bigint;
  created_at: bigint;
  /** an unpaid order cancels itself at this instant */
  pay_deadline: bigint;
  paid_at: bigint | null;
  shipped_at: bigint | null;
  /** a shipped order completes itself at this instant */
  confirm_deadline: bigint | null;
  completed_at: bigint | null;
  cancelled_at: bigint | null;
  cancel_reason: 'buyer' | 'timeout' | 'refund' | null;
  carrier: string | null;
  tracking_no: string | null;
  shipped_by: string | null;
}

/** One logistics trace of a shipped order (added by an operator). */
export interface MallTracesTable {
  id: Generated<bigint>;
  order_id: bigint;
  text: string;
  location: string;
  /** 0/1: this trace is the delivery */
  delivered: bigint;
  operator: string;
  created_at: bigint;
}

/* ---------- withdrawals (server/withdrawals) ---------- */

/** A user's saved withdrawal address. */
export interface WithdrawalAddressesTable {
  id: Generated<bigint>;
  user_id: bigint;
  label: string;
  network: string;
  /** EIP-55 checksummed */
  address: string;
  created_at: bigint;
  /** a withdrawal to it is refused before this time */
  usable_from: bigint;
  /** 1: a wallet signature named it when it was added */
  signed: bigint;
}

/** One withdrawal request; amount and fee in ledger units, both frozen at the request. */
export interface WithdrawalsTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency: string;
  network: string;
  address: string;
  address_label: string;
  amount: bigint;
  fee: bigint;
  /** WITHDRAWAL_STATUSES of contract/withdraw.ts */
  status: string;
  /** comma separated REVIEW_REASONS; '' → none */
  review_reasons: string;
  reason: string | null;
  operator: string | null;
  idempotency_key: string | null;
  signer_address: string | null;
  nonce: bigint | null;
  tx_hash: string | null;
  block_number: bigint | null;
  confirmations: Generated<bigint>;
  created_at: bigint;
  updated_at: bigint;
  reviewed_at: bigint | null;
  broadcast_at: bigint | null;
  finished_at: bigint | null;
  /** why an approved withdrawal is not sent yet: 'hotWalletFunds' (the signer's last look), or null */
  waiting: string | null;
}

/** The signer's intent for one attempt, written before it is broadcast. */
export interface WithdrawalTxsTable {
  id: Generated<bigint>;
  withdrawal_id: bigint;
  network: string;
  signer_address: string;
  nonce: bigint;
  attempt: bigint;
  tx_hash: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  /** intent | sent | mined | replaced */
  status: string;
  created_at: bigint;
  updated_at: bigint;
}

/** One currency's reconciliation of the books with the chain, per run (server/reconcile). */
export interface ReconciliationsTable {
  id: Generated<bigint>;
  /** the run's time: every currency of one run has the same */
  run_at: bigint;
  currency: string;
  /** 'ok' | 'shortfall' | 'unavailable' (a network carrying the currency could not be read) */
  status: string;
  /** 1: assets cover liabilities */
  ok: bigint;
  /** ledger units held on chain; null when unavailable */
  assets: bigint | null;
  /** ledger units owed to users */
  liabilities: bigint;
  /** assets − liabilities; null when unavailable */
  difference: bigint | null;
  /** why not ok */
  reason: string | null;
  /** JSON: the figures per network and source, and of the ledger */
  detail: string;
}

/** A network whose withdrawal signer an operator stopped (ops withdraw:halt / withdraw:resume). */
export interface WithdrawalHaltsTable {
  network: string;
  operator: string;
  reason: string;
  halted_at: bigint;
}

/** People who run the platform from the console (/admin), signed in with their wallets. */
export interface OperatorsTable {
  id: Generated<bigint>;
  /** EIP-55 checksummed wallet address */
  address: string;
  /** contract/rules/operators.ts OPERATOR_ROLES */
  role: string;
  enabled: bigint;
  /** the operator address, or `cli:<name>` of the command line, that added this operator */
  added_by: string;
  created_at: bigint;
  updated_at: bigint;
}

/** Operator sessions: as auth_sessions, in a table of their own (a user token is never an operator's). */
export interface OperatorSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  public_id: string;
  operator_id: bigint;
  created_at: bigint;
  last_used_at: bigint;
  expires_at: bigint;
  revoked_at: bigint | null;
  user_agent: string;
  ip: string;
}

/** One-time nonces of an operator's fresh wallet signature, bound to one action on one target. */
export interface OperatorChallengesTable {
  nonce: string;
  operator_id: bigint;
  action: string;
  target: string;
  created_at: bigint;
  expires_at: bigint;
  used_at: bigint | null;
}

/** Every operator action, append-only (a trigger refuses updates and deletes). */
export interface AuditLogTable {
  id: Generated<bigint>;
  /** 'console' | 'cli' */
  source: string;
  operator_id: bigint | null;
  /** the operator's address, or the command line's operator name */
  actor: string;
  role: string;
  action: string;
  target: string;
  /** JSON, or null */
  before_json: string | null;
  after_json: string | null;
  reason: string;
  request_id: string;
  created_at: bigint;
}

/** Four eyes: an action one operator asked for, carried out when a different operator confirms it. */
export interface ApprovalsTable {
  id: Generated<bigint>;
  action: string;
  target: string;
  /** JSON of what the action needs */
  payload: string;
  /** 'pending' | 'done' | 'cancelled' */
  status: string;
  requested_by: bigint;
  reason: string;
  requested_at: bigint;
  decided_by: bigint | null;
  decided_at: bigint | null;
}

/**
 * One field of one catalogue or content row in zh-TW or en-US; the row's own column is the zh-CN
 * text, and `source` the zh-CN text this translates (a translation applies while they are equal).
 */
export interface TranslationsTable {
  entity: string;
  entity_id: bigint;
  field: string;
  locale: string;
  text: string;
  source: string;
}

/** A feature flag an admin switched in the console; FEATURE_FLAGS still overrides it. */
export interface FeatureFlagOverridesTable {
  name: string;
  enabled: bigint;
  updated_by: string;
  updated_at: bigint;
}

/** One message of a user's message centre (server/notifications); the app words it from its kind. */
export interface NotificationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** contract/notification.ts NOTIFICATION_KINDS */
  kind: string;
  /** JSON object of strings: the values the kind's text names (amounts as decimal strings, ids) */
  payload: string;
  created_at: bigint;
  read_at: bigint | null;
}

export interface Database {
  users: UsersTable;
  auth_nonces: AuthNoncesTable;
  auth_sessions: AuthSessionsTable;
  step_up_challenges: StepUpChallengesTable;
  app_meta: AppMetaTable;
  prices: PricesTable;
  price_snapshots: PriceSnapshotsTable;
  price_halts: PriceHaltsTable;
  account_products: AccountProductsTable;
  content_links: ContentLinksTable;
  power_products: PowerProductsTable;
  finance_products: FinanceProductsTable;
  mall_categories: MallCategoriesTable;
  mall_goods: MallGoodsTable;
  mall_skus: MallSkusTable;
  addresses: AddressesTable;
  invite_commissions: InviteCommissionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  pay_password_guards: PayPasswordGuardsTable;
  deposits: DepositsTable;
  chain_deposits: ChainDepositsTable;
  chain_cursors: ChainCursorsTable;
  chain_job_runs: ChainJobRunsTable;
  transfers: TransfersTable;
  convert_quotes: ConvertQuotesTable;
  conversions: ConversionsTable;
  power_orders: PowerOrdersTable;
  power_bills: PowerBillsTable;
  finance_orders: FinanceOrdersTable;
  finance_interest: FinanceInterestTable;
  power_exchanges: PowerExchangesTable;
  settled_days: SettledDaysTable;
  mall_orders: MallOrdersTable;
  mall_traces: MallTracesTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_txs: WithdrawalTxsTable;
  withdrawal_halts: WithdrawalHaltsTable;
  reconciliations: ReconciliationsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_challenges: OperatorChallengesTable;
  audit_log: AuditLogTable;
  approvals: ApprovalsTable;
  feature_flag_overrides: FeatureFlagOverridesTable;
  translations: TranslationsTable;
  notifications: NotificationsTable;
}
