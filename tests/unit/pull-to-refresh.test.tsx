/**
 * Pull-to-refresh: a touch pull at the top of the page past the threshold refreshes (下拉刷新 →
 * 释放刷新 → 加载中), a short pull, a page scrolled down, a mouse drag, an upward move and a second
 * finger do not; the pull stops the browser's own reload; InfiniteList reloads its first page.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ZhCnIntl from './pages.intl';
import InfiniteList from '@/components/InfiniteList';
import PullToRefresh from '@/components/PullToRefresh';
import { PULL_THRESHOLD } from '@/components/PullToRefresh/usePullToRefresh';

jest.setTimeout(60_000);

function renderPull(onRefresh: () => Promise<unknown>) {
  render(
    <ZhCnIntl>
      <PullToRefresh onRefresh={onRefresh}>
        <ul>
          <li>row</li>
        </ul>
      </PullToRefresh>
    </ZhCnIntl>,
  );
  return screen.getByTestId('pull-to-refresh');
}

const indicator = () => screen.getByTestId('pull-indicator');
const at = (clientY: number, fingers = 1) => ({ touches: Array.from({ length: fingers }, (_, index) => ({ clientX: 100 + index * 50, clientY })) });

/** Touches at y = 100, moves down by each of `moves` and (unless told not to) lifts the finger. */
function pull(element: HTMLElement, moves: number[], { lift = true, fingers = 1 } = {}): boolean[] {
  fireEvent.touchStart(element, at(100, fingers));
  const notPrevented = moves.map((dy) => fireEvent.touchMove(element, at(100 + dy, fingers)));
  if (lift) fireEvent.touchEnd(element, { touches: [] });
  return notPrevented;
}

function setScrollTop(top: number) {
  Object.defineProperty(document.documentElement, 'scrollTop', { value: top, configurable: true });
}

beforeEach(() => setScrollTop(0));

describe('PullToRefresh', () => {
  it('says 下拉刷新 while short, 释放刷新 past the threshold, 加载中 until the refresh settles', async () => {
    let settle: () => void = () => undefined;
    const onRefresh = jest.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const element = renderPull(onRefresh);
    // the pull is half the finger's move
    pull(element, [20, PULL_THRESHOLD], { lift: false });
    expect(indicator()).toHaveAttribute('data-state', 'pulling');
    expect(indicator()).toHaveTextContent('下拉刷新');
    expect(indicator().style.height).toBe(`${PULL_THRESHOLD / 2}px`);
    fireEvent.touchMove(element, at(100 + PULL_THRESHOLD * 2));
    expect(indicator()).toHaveTextContent('释放刷新');
    fireEvent.touchEnd(element, { touches: [] });
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(indicator()).toHaveTextContent('加载中');
    // no second refresh while one is running
    pull(element, [PULL_THRESHOLD * 3]);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => settle());
    expect(indicator()).toHaveAttribute('data-state', 'idle');
    expect(indicator()).toHaveTextContent('');
  });

  it('does not refresh on a pull released short of the threshold', () => {
    const onRefresh = jest.fn(async () => undefined);
    const element = renderPull(onRefresh);
    pull(element, [10, PULL_THRESHOLD * 2 - 2]);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator()).toHaveAttribute('data-state', 'idle');
  });

  it('prevents the browser’s own pull-to-reload only while pulling', () => {
    const element = renderPull(jest.fn(async () => undefined));
    expect(pull(element, [-30])).toEqual([true]);
    expect(pull(element, [30])).toEqual([false]);
  });

  it('does nothing when the page is scrolled down', () => {
    const onRefresh = jest.fn(async () => undefined);
    const element = renderPull(onRefresh);
    setScrollTop(200);
    expect(pull(element, [PULL_THRESHOLD * 3])).toEqual([true]);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator()).toHaveAttribute('data-state', 'idle');
  });

  it('does nothing for an upward move or a second finger', () => {
    const onRefresh = jest.fn(async () => undefined);
    const element = renderPull(onRefresh);
    pull(element, [-PULL_THRESHOLD * 3]);
    pull(element, [PULL_THRESHOLD * 3], { fingers: 2 });
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('does nothing for a mouse drag (a computer never pulls)', () => {
    const onRefresh = jest.fn(async () => undefined);
    const element = renderPull(onRefresh);
    fireEvent.mouseDown(element, { clientY: 100 });
    fireEvent.mouseMove(element, { clientY: 100 + PULL_THRESHOLD * 3 });
    fireEvent.mouseUp(element, { clientY: 100 + PULL_THRESHOLD * 3 });
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator()).toHaveAttribute('data-state', 'idle');
  });

  it('comes back to rest when the refresh fails', async () => {
    const onRefresh = jest.fn(async () => {
      throw new Error('offline');
    });
    const element = renderPull(onRefresh);
    pull(element, [PULL_THRESHOLD * 3]);
    await waitFor(() => expect(indicator()).toHaveAttribute('data-state', 'idle'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('InfiniteList', () => {
  it('reloads its first page when pulled, keeping the rows shown meanwhile', async () => {
    let version = 0;
    const fetchPage = jest.fn(async () => {
      version += 1;
      return { list: [{ id: `row ${version}` }], page: 1, pageSize: 20, total: 1 };
    });
    render(
      <ZhCnIntl>
        <InfiniteList fetchPage={fetchPage} rowKey={(row: { id: string }) => row.id} renderItem={(row: { id: string }) => <span>{row.id}</span>} />
      </ZhCnIntl>,
    );
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    pull(screen.getByTestId('pull-to-refresh'), [PULL_THRESHOLD * 3]);
    expect(screen.getByText('row 1')).toBeInTheDocument();
    expect(await screen.findByText('row 2')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, count: false });
  });
});
