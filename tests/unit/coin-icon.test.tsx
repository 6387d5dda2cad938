/** Coins are named with a drawn badge and their code: no ₿/₮ glyph a phone's font may lack, and FIL has an icon too. */
import { render } from '@testing-library/react';
import { CoinTitle } from '@/components/CoinIcon';

describe('CoinTitle', () => {
  it.each([
    ['BTC', 'B'],
    ['ETH', 'E'],
    ['FIL', 'F'],
    ['USDT', 'T'],
  ])('draws %s as a badge with the letter %s beside its code', (code, letter) => {
    const { container } = render(<CoinTitle code={code} />);
    expect(container.textContent).toBe(code);
    const icon = container.querySelector(`[data-coin-icon="${code}"]`)!;
    expect(icon).toHaveAttribute('data-letter', letter);
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives each wallet coin a colour of its own', () => {
    const colours = ['BTC', 'ETH', 'FIL', 'USDT'].map((code) => (render(<CoinTitle code={code} />).container.querySelector('[data-coin-icon]') as HTMLElement).style.background);
    expect(new Set(colours).size).toBe(4);
  });
});
