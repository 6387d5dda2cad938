/**
 * One format for money on every screen: digits grouped, fiat-like figures to a fixed number of
 * decimals, and a unit or a multiplier spaced from the amount.
 */
import { render, screen } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { MemoryRouter } from 'react-router-dom';
import type { PowerProductType } from '../../contract/product';
import { displayAmount, roundDownForDisplay } from '../../contract/rules/moneyDisplay';
import AppProviders from '@/components/AppProviders';
import Money from '@/components/Money';
import PowerProductCard from '@/components/PowerProductCard';

jest.setTimeout(120_000);

createPluginManager();

beforeEach(() => localStorage.setItem('umi_locale', 'zh-CN'));

describe('the money display module', () => {
  it('gives a fiat-like figure its fixed decimals: 9478.8 and 9478.80 both read 9,478.80', () => {
    expect(displayAmount('9478.8', 2)).toBe('9,478.80');
    expect(displayAmount('9478.80', 2)).toBe('9,478.80');
    expect(roundDownForDisplay('100000', 2)).toBe('100000.00');
  });

  it('groups an exact amount in a sentence (到账 1,596.8) and keeps its digits', () => {
    expect(displayAmount('1596.8')).toBe('1,596.8');
    expect(displayAmount('0.00012345')).toBe('0.00012345');
  });
});

describe('screens', () => {
  it('Money with places shows the fixed decimals', () => {
    render(<Money value="9478.8" currency="USDT" places={2} />, { wrapper: AppProviders });
    expect(screen.getByText('9,478.80 USDT')).toBeInTheDocument();
  });

  const product: PowerProductType = {
    id: '1',
    title: 'BTC 矿机',
    coin: 'BTC',
    unit: 'T',
    pricePerUnit: '89',
    termDays: 180,
    dailyOutputPerUnit: '0.0001',
    electricityFeePerUnit: '0.00002',
    managementFeeRate: '5',
    stock: 100000,
    sold: 2500,
    minUnits: 1,
    saleStart: '2026-01-01 00:00:00',
    saleEnd: '2026-12-31 00:00:00',
    status: 'on_sale',
  };

  function renderCard() {
    return render(
      <AppProviders>
        <MemoryRouter>
          <PowerProductCard product={product} />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('the power product groups what is left: 剩余 100,000 T', () => {
    renderCard();
    expect(screen.getByText('剩余 100,000 T')).toBeInTheDocument();
  });

  it('a per-unit figure reads as the amount, its coin and "/ T", spaces kept', () => {
    const { container } = renderCard();
    const label = Array.from(container.querySelectorAll('dt')).find((term) => term.textContent === '预估日产出')!;
    expect(label.nextElementSibling!.tagName).toBe('DD');
    expect(label.nextElementSibling!.textContent).toBe('0.0001 BTC / T');
  });
});
