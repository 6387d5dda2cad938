/**
 * A long list loaded page by page from a paged service: the next page loads when the page is
 * scrolled near its end, or with the "load more" button. Skeleton first, Empty when there is none.
 * A list that answers a `nextCursor` (the lists that grow with time) is followed by cursor: the next
 * page starts after the last row shown, however deep, and a row added meanwhile (a new transfer)
 * does not push a shown row onto the next page twice. Other lists are followed by page number.
 * Every page is asked with `count=false`: a list that grows with time is then never counted (the
 * count read every row of it) and ends at a null `nextCursor`; a short list paged by number is
 * still counted and ends at its `total`. Pulled down by touch at the top of the page, it reloads from
 * the first page (PullToRefresh). Given the first page the page was prerendered with
 * (src/prerender/pageData.tsx), it shows that page until its own first request answers; an answer
 * equal to it, and the loading state before it, re-render none of the rows (on a phone, re-rendering
 * a screenful of cards right after hydration blocked the page for 100-200 ms at 4x CPU).
 */
import { Button, List, Typography } from 'antd';
import { useIntl } from '@umijs/max';
import { useInfiniteScroll } from 'ahooks';
import type { DependencyList } from 'react';
import React, { useMemo } from 'react';
import type { PageOf } from '../../contract/common';
import { LIST_PAGE_SIZE } from '../../contract/rules/pageData';
import AsyncContent from './AsyncContent';
import { sameAnswer } from '@/prerender/pageData';
import PullToRefresh from './PullToRefresh';

interface Loaded<T> {
  list: T[];
  page: number;
  /** the list's total as the last page that counted it said; a page asked by cursor has none */
  total?: number;
  /** the last page's nextCursor: a string, null at the end, undefined for a list paged by number */
  nextCursor?: string | null;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  cursor?: string;
  /** the list never shows a total: a list that grows with time is not counted for it (contract/common.ts) */
  count: false;
}

interface Props<T> {
  fetchPage: (query: PageRequest) => Promise<PageOf<T>>;
  /** one item; `index` is its place in the list (0 the first) */
  renderItem: (item: T, index: number) => React.ReactNode;
  rowKey: (item: T) => string;
  /** reload from the first page when these change (filters) */
  reloadDeps?: DependencyList;
  emptyText?: string;
  /** antd List grid, e.g. for goods cards */
  grid?: React.ComponentProps<typeof List>['grid'];
  /** the first page's answer the page was prerendered with, shown until the list's own first answer */
  firstPage?: PageOf<T>;
}

/** one empty list for every render without rows, so that the memoised list stays as it is */
const NO_ROWS: never[] = [];

function isNoMore<T>(loaded: Loaded<T> | undefined): boolean {
  return !!loaded && (loaded.list.length === 0 || (loaded.nextCursor === undefined ? loaded.list.length >= (loaded.total ?? 0) : loaded.nextCursor === null));
}

export default function InfiniteList<T>({ fetchPage, renderItem, rowKey, reloadDeps = [], emptyText, grid, firstPage }: Props<T>) {
  const intl = useIntl();
  const { data, loading, loadingMore, loadMore, error, reload, reloadAsync } = useInfiniteScroll<Loaded<T>>(
    async (previous) => {
      const page = previous ? previous.page + 1 : 1;
      const cursor = previous?.nextCursor;
      const result = await fetchPage(cursor ? { page, pageSize: LIST_PAGE_SIZE, cursor, count: false } : { page, pageSize: LIST_PAGE_SIZE, count: false });
      return { list: result.list, page, total: result.total ?? previous?.total, nextCursor: result.nextCursor };
    },
    {
      target: typeof document === 'undefined' ? undefined : document,
      isNoMore,
      reloadDeps,
    },
  );
  const prerendered: Loaded<T> | undefined = firstPage && { list: firstPage.list, page: 1, total: firstPage.total, nextCursor: firstPage.nextCursor };
  const shown = data ?? prerendered;
  // the prerendered rows themselves while the answers equal them, so that the list below is not rendered again
  const unchanged = useMemo(() => !!firstPage && !!data && sameAnswer(data.list, firstPage.list), [data, firstPage]);
  const items = unchanged && firstPage ? firstPage.list : (shown?.list ?? NO_ROWS);
  const noMore = isNoMore(shown);

  // each row's element made once for these items: when antd's List renders again on its own (its
  // grid's breakpoints are measured after mount), the rows are the same elements and do not render
  const rows = useMemo(() => items.map((item, index) => <List.Item>{renderItem(item, index)}</List.Item>), [items, renderItem]);
  const list = useMemo(
    () => (
      <List<T>
        grid={grid}
        dataSource={items}
        rowKey={rowKey}
        renderItem={(_item, index) => rows[index]}
        loadMore={
          <div style={{ textAlign: 'center', margin: '12px 0' }}>
            {noMore ? (
              // the theme's secondary text, readable on the page (a faded span fell below 4.5:1)
              <Typography.Text type="secondary">{intl.formatMessage({ id: 'common.noMore' })}</Typography.Text>
            ) : (
              <Button onClick={loadMore} loading={loadingMore}>
                {intl.formatMessage({ id: 'common.loadMore' })}
              </Button>
            )}
          </div>
        }
      />
    ),
    [grid, items, rows, rowKey, noMore, loadMore, loadingMore, intl],
  );

  return (
    <PullToRefresh onRefresh={reloadAsync}>
      <AsyncContent loading={loading && !shown} error={!shown && error} onRetry={reload} empty={items.length === 0} emptyText={emptyText}>
        {list}
      </AsyncContent>
    </PullToRefresh>
  );
}
