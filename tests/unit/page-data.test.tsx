/**
 * A prerendered page's first data: while hydrating, a component reads the answer the server
 * rendered the page with from the document's data block (once; gone after hydration, and never
 * outside it); InfiniteList shows such a first page at once, without a skeleton, and
 * useRenderedRequest such an answer, not loading, until their own request answers.
 */
import { act, render, screen, within } from '@testing-library/react';
import ZhCnIntl from './pages.intl';
import InfiniteList from '@/components/InfiniteList';
import { PageDataProvider, useRenderedAnswer } from '@/prerender/pageData';
import { useRenderedRequest } from '@/prerender/useRenderedRequest';
import { PAGE_DATA_ELEMENT_ID, pageDataJson } from '../../contract/rules/pageData';

let mockHydrating = false;
let mockHydrated: () => void = () => undefined;
jest.mock('@/prerender/hydration', () => ({
  isHydrating: () => mockHydrating,
  whenHydrated: () => new Promise<void>((resolve) => (mockHydrated = resolve)),
}));

function Answer() {
  const answer = useRenderedAnswer<{ title: string }>('shoppingGoods');
  return <p>{answer ? answer.title : 'none'}</p>;
}

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

describe('useRenderedAnswer (the module keeps what it read: one document per test, in this order)', () => {
  afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

  it('outside hydration: nothing, and the block is left alone', () => {
    mockHydrating = false;
    writeBlock(pageDataJson({ shoppingGoods: { title: '冷钱包' } }));
    render(<Answer />);
    expect(screen.getByText('none')).toBeInTheDocument();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).not.toBeNull();
  });

  it('while hydrating: the block\'s answer, escaped text and all, read once; after hydration, nothing', async () => {
    mockHydrating = true;
    writeBlock(pageDataJson({ shoppingGoods: { title: '</script><b>冷钱包</b>' } }));
    const first = render(<Answer />);
    expect(screen.getByText('</script><b>冷钱包</b>')).toBeInTheDocument();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    // a second component of the hydrating page reads the same
    render(<Answer />);
    expect(screen.getAllByText('</script><b>冷钱包</b>')).toHaveLength(2);
    await act(async () => mockHydrated());
    // a later mount (the user came back to the page) fetches as usual; the first keeps its data
    render(<Answer />);
    expect(screen.getByText('none')).toBeInTheDocument();
    expect(within(first.container).getByText('</script><b>冷钱包</b>')).toBeInTheDocument();
  });
});

describe('InfiniteList with the first page the page was rendered with', () => {
  const row = (id: string) => ({ id });
  const renderList = (fetchPage: () => Promise<{ list: Array<{ id: string }>; page: number; pageSize: number; total: number }>, firstPage?: { list: Array<{ id: string }>; page: number; pageSize: number; total: number }) =>
    render(
      <ZhCnIntl>
        <InfiniteList fetchPage={fetchPage} firstPage={firstPage} rowKey={(item: { id: string }) => item.id} renderItem={(item: { id: string }) => <span>{item.id}</span>} />
      </ZhCnIntl>,
    );

  it('shows it at once, no skeleton, ended as it says; its own first answer replaces it', async () => {
    let answer: (page: { list: Array<{ id: string }>; page: number; pageSize: number; total: number }) => void = () => undefined;
    const fetchPage = jest.fn(() => new Promise<{ list: Array<{ id: string }>; page: number; pageSize: number; total: number }>((resolve) => (answer = resolve)));
    const { container } = renderList(fetchPage, { list: [row('rendered 1'), row('rendered 2')], page: 1, pageSize: 20, total: 2 });
    expect(screen.getByText('rendered 1')).toBeInTheDocument();
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(async () => answer({ list: [row('fetched 1')], page: 1, pageSize: 20, total: 1 }));
    expect(screen.getByText('fetched 1')).toBeInTheDocument();
    expect(screen.queryByText('rendered 1')).toBeNull();
  });

  it('its own first answer equal to it, and the loading before it, render none of the rows again', async () => {
    type Page = { list: Array<{ id: string }>; page: number; pageSize: number; total: number };
    let answer: (page: Page) => void = () => undefined;
    const fetchPage = () => new Promise<Page>((resolve) => (answer = resolve));
    const rendered: string[] = [];
    const renderItem = (item: { id: string }) => {
      rendered.push(item.id);
      return <span>{item.id}</span>;
    };
    render(
      <ZhCnIntl>
        <InfiniteList fetchPage={fetchPage} firstPage={{ list: [row('a'), row('b')], page: 1, pageSize: 20, total: 2 }} rowKey={(item: { id: string }) => item.id} renderItem={renderItem} />
      </ZhCnIntl>,
    );
    expect(rendered).toEqual(['a', 'b']);
    await act(async () => answer({ list: [row('a'), row('b')], page: 1, pageSize: 20, total: 2 }));
    expect(rendered).toEqual(['a', 'b']);
    expect(screen.getByText('b')).toBeInTheDocument();
  });

  it('without one: the skeleton until the first answer, as before', async () => {
    const { container } = renderList(async () => ({ list: [row('fetched')], page: 1, pageSize: 20, total: 1 }));
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText('fetched')).toBeInTheDocument();
  });
});

describe('useRenderedRequest', () => {
  function Links({ fetch }: { fetch: () => Promise<string> }) {
    const { data, loading } = useRenderedRequest('homeLinks', fetch);
    return <p>{loading ? 'loading' : (data ?? 'nothing')}</p>;
  }

  it('rendered with an answer: that answer, not loading, until its own request answers', async () => {
    let answer: (text: string) => void = () => undefined;
    const fetch = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    render(
      <PageDataProvider answers={{ homeLinks: 'rendered' }}>
        <Links fetch={fetch} />
      </PageDataProvider>,
    );
    expect(screen.getByText('rendered')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => answer('fetched'));
    expect(screen.getByText('fetched')).toBeInTheDocument();
  });

  it('an answer equal to the rendered one keeps the rendered object (a view memoized on it renders nothing again); a different one replaces it', async () => {
    const rendered = { list: [{ id: '1', title: '公告' }] };
    const seen: unknown[] = [];
    function Seen({ fetch }: { fetch: () => Promise<typeof rendered> }) {
      seen.push(useRenderedRequest('homeLinks', fetch).data);
      return null;
    }
    let answer: (links: typeof rendered) => void = () => undefined;
    const fetch = () => new Promise<typeof rendered>((resolve) => (answer = resolve));
    render(
      <PageDataProvider answers={{ homeLinks: rendered }}>
        <Seen fetch={fetch} />
      </PageDataProvider>,
    );
    await act(async () => answer({ list: [{ id: '1', title: '公告' }] }));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((data) => data === rendered)).toBe(true);
    const changed = { list: [{ id: '1', title: '新公告' }] };
    render(
      <PageDataProvider answers={{ homeLinks: rendered }}>
        <Seen fetch={fetch} />
      </PageDataProvider>,
    );
    await act(async () => answer(changed));
    expect(seen.at(-1)).toBe(changed);
  });

  it('without one: useRequest as it is (loading, then the answer)', async () => {
    mockHydrating = false;
    render(<Links fetch={async () => 'fetched'} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('fetched')).toBeInTheDocument();
  });
});
