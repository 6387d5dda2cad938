/**
 * Building blocks shared by every domain of the contract.
 */
import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox';
import { isRealDate } from './rules/dates';
import { AMOUNT_DECIMALS, AMOUNT_WHOLE_DIGITS } from './rules/money';
import { MULTILINE } from './rules/text';

// TypeBox (mocks, tests) checks `format: 'date'` with the same rule as the server's Ajv
FormatRegistry.Set('date', isRealDate);

/** what toUnits (contract/rules/money) reads, with at most AMOUNT_WHOLE_DIGITS whole digits */
const AMOUNT_PATTERN = `(0|[1-9][0-9]{0,${AMOUNT_WHOLE_DIGITS - 1}})(\\.[0-9]{1,${AMOUNT_DECIMALS}})?`;
/** A non-negative decimal string with at most 8 decimals (units of 1e-8 in the database). */
export const Amount = Type.String({ pattern: `^${AMOUNT_PATTERN}$`, examples: ['12.5'] });
/** A signed decimal string, for ledger entries. */
export const SignedAmount = Type.String({ pattern: `^-?${AMOUNT_PATTERN}$` });
/** `YYYY-MM-DD HH:mm:ss` in the server's display time zone. */
export const Timestamp = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
/** `YYYY-MM-DD`, a date that exists (contract/rules/dates.ts) */
export const DateOnly = Type.String({ format: 'date', examples: ['2024-02-29'] });
/** Numeric ids travel as decimal strings in paths and bodies. */
export const Id = Type.String({ pattern: '^[1-9][0-9]{0,17}$' });
export const IdParams = Type.Object({ id: Id });
export const CurrencyCode = Type.String({ pattern: '^[A-Z]{2,10}$', examples: ['USDT'] });
export const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

/** Paging bounds of every list: beyond them a request is a 400, never a huge OFFSET. */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/** keyset paging (server/http/paging.ts): the sort key of the last row shown, parts joined by "." */
export const PageCursor = Type.String({ pattern: '^[0-9A-Za-z-]{1,20}(\\.[0-9A-Za-z-]{1,20}){0,3}$', examples: ['2026-03-01.1234'] });
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })),
  /** the previous page's nextCursor: the page after it, as fast at any depth (page is then not used) */
  cursor: Type.Optional(PageCursor),
  /**
   * false: a list that grows with time (one that answers `nextCursor`) is not counted for this page
   * either, and the page has no `total` (the app's lists, which never show it); short lists are
   * always counted
   */
  count: Type.Optional(Type.Boolean()),
});
export type PageQueryType = Static<typeof PageQuery>;

/**
 * One page of a list. `total` counts all the list's rows and is there on every page asked by
 * `page`/`pageSize` (the seed's way, unchanged); a page asked by `cursor`, or with `count=false`, of
 * a list that grows with time has none: counting a long list costs more than reading a page of it,
 * at any depth. A client that wants the total asks the first page by number without `count=false`;
 * every client follows `nextCursor` to the end.
 */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    /** all the rows of the list; absent when a list that grows with time was asked by `cursor` or with `count=false` */
    total: Type.Optional(Type.Integer({ minimum: 0, description: 'all the rows of the list; absent on a page of a growing list asked by cursor or with count=false' })),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    /** lists that grow with time: the cursor of the next page, null on the last one */
    nextCursor: Type.Optional(Type.Union([PageCursor, Type.Null()])),
  });

export interface PageOf<T> {
  list: T[];
  /** absent on a page asked by cursor (see Page) */
  total?: number;
  page: number;
  pageSize: number;
  nextCursor?: string | null;
}

/** A pay password: exactly six digits. */
export const PayPassword = Type.String({ pattern: '^[0-9]{6}$' });

export const Empty = Type.Null();

/** Text that may span lines: line feeds allowed, other control characters still refused (rules/text.ts). */
export const MultilineText = (options: { minLength?: number; maxLength?: number } = {}) => Type.String({ ...options, [MULTILINE]: true });
