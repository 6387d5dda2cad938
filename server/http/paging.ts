/**
 * Paged lists. Two ways to ask for the next page, both in the contract's PageQuery:
 * - `page` / `pageSize`: an offset, as the seed's API has it. Fine for short lists, but the
 *   database reads and drops every row before the page, so a deep page of a long list is slow;
 * - `cursor` (keyset paging): the list's sort key of the last row shown, from the previous page's
 *   `nextCursor`. The next page starts right after it along the list's index, as fast at any depth
 *   (and a row added meanwhile does not shift the pages). Lists that grow with time (ledger
 *   entries, transfers, orders, …) give a `nextCursor`; short bounded ones (the catalogue, the
 *   address book) refuse a cursor.
 * A cursor is the sort key's values joined by "." (e.g. `2026-03-01.1234` for day, id): readable
 * and forgeable, and harmless so, since it only narrows the caller's own rows.
 * A page asked by `page` carries the list's `total` (a `count(*)` over all its rows); a page of a
 * list with a sort key asked by `cursor` or with `count=false` does not: counting a user's 100 000
 * entries cost more than the page itself, and the app's lists never show it (contract/common.ts
 * `Page`). A list without a sort key is short and always counted.
 */
import { sql, type AliasedExpression, type SelectQueryBuilder } from 'kysely';
import type { PageOf, PageQueryType } from '../../contract';
import { ApiError } from './errors';

export interface PageArgs {
  page: number;
  pageSize: number;
  /** keyset paging: the previous page's nextCursor (page is then not used) */
  cursor?: string;
  /** the caller asked for no total (`count=false`): a list with a sort key is not counted */
  uncounted?: boolean;
}

export function pageArgs(query: PageQueryType): PageArgs {
  return {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 20,
    ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
    ...(query.count === false ? { uncounted: true } : {}),
  };
}

/** is a page of a list with a sort key counted? Not when asked by cursor or with count=false. */
function counted(args: PageArgs): boolean {
  return args.cursor === undefined && !args.uncounted;
}

/** One column of a list's sort key: every list pages newest first, so each sorts descending. */
export interface SortKey {
  /** the column as the query names it, e.g. `t.id` */
  column: string;
  /** the property of a result row holding it */
  field: string;
  /** what a cursor part must look like: an integer (id, epoch ms, a rank) or a `YYYY-MM-DD` day */
  kind: 'integer' | 'day';
}

const PART: Record<SortKey['kind'], RegExp> = { integer: /^[0-9]{1,19}$/, day: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/ };

function badCursor(): ApiError {
  return new ApiError('VALIDATION_FAILED', { messageKey: 'validation.cursor' });
}

function cursorValues(cursor: string, keys: readonly SortKey[]): (bigint | string)[] {
  const parts = cursor.split('.');
  if (parts.length !== keys.length || parts.some((part, i) => !PART[keys[i].kind].test(part))) throw badCursor();
  return parts.map((part, i) => (keys[i].kind === 'integer' ? BigInt(part) : part));
}

export interface PageRows<O> {
  rows: O[];
  /** all the rows of the list; absent on a page asked by cursor (not counted) */
  total?: number;
  /** where the next page starts; null on the last page; absent for lists without a sort key */
  nextCursor?: string | null;
}

/** a list without a sort key: paged by number alone, always counted */
export interface CountedRows<O> extends PageRows<O> {
  total: number;
}

/**
 * How far into a list with a sort key a page reaches: the values of the sort key it starts after
 * (none without a cursor) and the number of rows it reads from there (the rows skipped by `page`,
 * the page, and one more). For a query that reads its rows in parts: no part needs more.
 */
export function pageReach(args: PageArgs, keys: readonly SortKey[]): { after?: (bigint | string)[]; rows: number } {
  const rows = pageOffset(args) + args.pageSize + 1;
  return args.cursor === undefined ? { rows } : { after: cursorValues(args.cursor, keys), rows };
}

function pageOffset(args: PageArgs): number {
  return args.cursor === undefined ? (args.page - 1) * args.pageSize : 0;
}

/**
 * Runs `query` for one page and, unless the page is asked by cursor, counts all its rows (those of
 * `countQuery` when given: a query that reads only as far as the page reaches, through `pageReach`,
 * cannot count the list). With `keys` (exactly the query's ORDER BY, every column descending, the
 * last one unique) the page may start at `args.cursor`, and the answer says where the next one
 * starts; without them a cursor is refused.
 */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, args: PageArgs): Promise<CountedRows<O>>;
export async function paginate<DB, TB extends keyof DB, O, CDB = DB, CTB extends keyof CDB = keyof CDB>(
  query: SelectQueryBuilder<DB, TB, O>,
  args: PageArgs,
  keys: readonly SortKey[],
  countQuery?: SelectQueryBuilder<CDB, CTB, unknown>,
): Promise<PageRows<O>>;
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  args: PageArgs,
  keys?: readonly SortKey[],
  countQuery: SelectQueryBuilder<DB, TB, unknown> = query,
): Promise<PageRows<O>> {
  if (args.cursor !== undefined && !keys) throw badCursor();
  let page = query;
  if (args.cursor !== undefined && keys) {
    const values = cursorValues(args.cursor, keys);
    const columns = sql.join(keys.map((key) => sql.ref(key.column)));
    // a row comparison: "after (a, b)" in descending order is (a, b) < (x, y); both engines walk an index on (a, b) for it
    page = query.where(sql<boolean>`(${columns}) < (${sql.join(values)})`);
  }
  // one row more than the page tells whether there is a next page
  page = page.limit(args.pageSize + 1).offset(pageOffset(args));
  // a page asked by cursor (or count=false) is not counted: the count reads every row of the list,
  // however deep the page; a list without a sort key is short and always counted
  const counting = !keys || counted(args);
  const { rows, total } = counting ? await countedPage(page, countQuery, args) : { rows: await page.execute(), total: undefined };
  const shown = rows.slice(0, args.pageSize);
  if (!keys) return { rows: shown, total };
  const last = shown[shown.length - 1] as Record<string, unknown> | undefined;
  const nextCursor = rows.length > args.pageSize && last ? keys.map((key) => String(last[key.field])).join('.') : null;
  return { rows: shown, total, nextCursor };
}

/**
 * A page and the count of its whole list, in one statement: the count is a subquery of the page's
 * select that does not depend on its rows, which both engines run once. A page past the end has no
 * row to carry it, and is counted by a statement of its own.
 */
async function countedPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  page: SelectQueryBuilder<DB, TB, O>,
  countQuery: SelectQueryBuilder<CDB, CTB, unknown>,
  args: PageArgs,
): Promise<{ rows: O[]; total: number }> {
  const total = countOf(countQuery).as('list_total') as unknown as AliasedExpression<bigint | number | string, 'list_total'>;
  const fetched = (await page.select(total).execute()) as Array<O & { list_total: bigint | number | string }>;
  if (fetched.length === 0) return { rows: [], total: pageOffset(args) === 0 ? 0 : await countRows(countQuery) };
  return { rows: fetched.map(({ list_total: _total, ...row }) => row as O), total: Number(fetched[0].list_total) };
}

/** `query`'s rows counted: its select and order dropped */
function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, unknown>) {
  return query.clearSelect().clearOrderBy().select(sql<bigint>`count(*)`.as('total'));
}

async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, unknown>): Promise<number> {
  const counted = (await countOf(query).executeTakeFirst()) as { total?: bigint } | undefined;
  return Number(counted?.total ?? 0n);
}

/**
 * The page as the contract has it: `total` when the list was counted (`paginate`), none on a page of
 * a list with a sort key asked by cursor or with count=false.
 */
export function toPage<T>(list: T[], total: number | undefined, args: PageArgs, nextCursor?: string | null): PageOf<T> {
  if (total === undefined && counted(args)) throw new Error('a page asked by number carries its total');
  return { list, ...(total === undefined ? {} : { total }), page: args.page, pageSize: args.pageSize, ...(nextCursor === undefined ? {} : { nextCursor }) };
}

/** The sort key of the lists ordered by their id alone, newest first. */
export const BY_ID = (column = 'id', field = 'id'): readonly SortKey[] => [{ column, field, kind: 'integer' }];
