/** The conversion quote's countdown: full from the first render of a new quote, then down to 0. */
import { act, renderHook } from '@testing-library/react';
import { useQuoteCountdown } from '@/pages/My/components/ConvertSheet/useQuoteCountdown';

describe('useQuoteCountdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts a quote down and starts the next one full, never showing it as expired', () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ id, seconds }: { id?: string; seconds?: number }) => {
      const left = useQuoteCountdown(id, seconds);
      seen.push(left);
      return left;
    }, { initialProps: { id: undefined as string | undefined, seconds: undefined as number | undefined } });
    expect(result.current).toBe(0);

    rerender({ id: 'q1', seconds: 30 });
    expect(seen[seen.length - 1]).toBe(30);
    act(() => jest.advanceTimersByTime(31_000));
    expect(result.current).toBe(0);

    seen.length = 0;
    rerender({ id: 'q2', seconds: 30 });
    // every render of the new quote, the very first included, shows it full
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((left) => left === 30)).toBe(true);
    act(() => jest.advanceTimersByTime(10_000));
    expect(result.current).toBe(20);
  });
});
