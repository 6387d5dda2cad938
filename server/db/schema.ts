/**
 * The tables, as Kysely sees them. Conventions: every integer is BIGINT (`bigint` in code);
 * amounts are units of 1e-8 (see server/money.ts); instants are epoch milliseconds; flags are
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
  /** scrypt hash of the 6-digit pay password (issue 4) */
  pay_password_hash: string | null;
  created_at: bigint;
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
}

/** Small key/value facts about the database itself (e.g. when it was seeded). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: bigint;
}

/** Price of one unit of a currency in USDT. */
export interface PricesTable {
  currency: string;
  price_usdt: bigint;
  updated_at: bigint;
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

export interface Database {
  users: UsersTable;
  auth_nonces: AuthNoncesTable;
  auth_sessions: AuthSessionsTable;
  app_meta: AppMetaTable;
  prices: PricesTable;
  account_products: AccountProductsTable;
  content_links: ContentLinksTable;
  power_products: PowerProductsTable;
  finance_products: FinanceProductsTable;
  mall_categories: MallCategoriesTable;
  mall_goods: MallGoodsTable;
  mall_skus: MallSkusTable;
}
