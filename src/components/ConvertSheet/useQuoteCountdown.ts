/** Seconds left on a conversion quote, counted from when it arrived (no clock agreement with the server). */
import { useEffect, useState } from 'react';

export function useQuoteCountdown(quoteId: string | undefined, seconds: number | undefined): number {
  const [left, setLeft] = useState(seconds ?? 0);
  useEffect(() => {
    if (!quoteId || seconds === undefined) return undefined;
    const arrived = Date.now();
    setLeft(seconds);
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - arrived) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [quoteId, seconds]);
  return left;
}
