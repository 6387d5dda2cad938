/**
 * What the first screen leaves out. A sheet made with lazySheet loads its code the
 * first time it opens and stays mounted after; AsyncContent's failure is a StatusBlock (antd's
 * Result, with its illustrations, stays out of the first load) with its retry button.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import React from 'react';
import AsyncContent from '@/components/AsyncContent';
import lazySheet from '@/components/lazySheet';
import ZhCnIntl from './pages.intl';

jest.setTimeout(60_000);

interface SheetProps {
  open: boolean;
  title: string;
}

function Sheet({ open, title }: SheetProps) {
  return <div data-testid="sheet">{`${title}: ${open ? 'open' : 'closed'}`}</div>;
}

describe('lazySheet', () => {
  it('loads nothing until the sheet opens, then loads once and stays mounted when it closes', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Sheet }));
    const LazySheet = lazySheet(load, ({ open }: SheetProps) => open);
    const { rerender } = render(<LazySheet open={false} title="convert" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('sheet')).toBeNull();

    rerender(<LazySheet open title="convert" />);
    expect(await screen.findByText('convert: open')).toBeInTheDocument();
    rerender(<LazySheet open={false} title="convert" />);
    expect(screen.getByText('convert: closed')).toBeInTheDocument();
    rerender(<LazySheet open title="convert" />);
    expect(screen.getByText('convert: open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens on the props it is told to read (a chosen product)', async () => {
    const load = jest.fn(() => Promise.resolve({ default: ({ product }: { product: string | null }) => <p>{`buying ${product}`}</p> }));
    const BuySheet = lazySheet(load, ({ product }: { product: string | null }) => product !== null);
    const { rerender } = render(<BuySheet product={null} />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    rerender(<BuySheet product="S19" />);
    expect(await screen.findByText('buying S19')).toBeInTheDocument();
  });
});

describe("AsyncContent's failure", () => {
  it('shows 加载失败 as an alert with a retry button, without antd Result', () => {
    const retry = jest.fn();
    render(
      <ZhCnIntl>
        <AsyncContent loading={false} error={new Error('offline')} onRetry={retry}>
          <p>content</p>
        </AsyncContent>
      </ZhCnIntl>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('加载失败');
    expect(document.querySelector('.ant-result')).toBeNull();
    expect(screen.queryByText('content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重 试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
