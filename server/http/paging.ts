/** Paged lists: `page`/`pageSize` of the contract's PageQuery → one page of rows and the total. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageOf, PageQueryType } from '../../contract';

export interface PageArgs {
  page: number;
  pageSize: number;
}

export function pageArgs(query: PageQueryType): PageArgs {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
}

/** Runs `query` for one page (keep its ORDER BY stable) and counts all its rows. */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, args: PageArgs): Promise<{ rows: O[]; total: number }> {
  const rows = await query.limit(args.pageSize).offset((args.page - 1) * args.pageSize).execute();
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<bigint>`count(*)`.as('total'))
    .executeTakeFirst();
  return { rows, total: Number((counted as { total?: bigint } | undefined)?.total ?? 0n) };
}

export function toPage<T>(list: T[], total: number, args: PageArgs): PageOf<T> {
  return { list, total, page: args.page, pageSize: args.pageSize };
}
