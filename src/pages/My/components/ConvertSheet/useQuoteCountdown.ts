/** Seconds left on a conversion quote, counted from when it arrived (no clock agreement with the server). */
import { useEffect, useState } from 'react';

export function useQuoteCountdown(quoteId: string | undefined, seconds: number | undefined): number {
  // the count belongs to one quote: a new quote starts full at once, not at the old quote's 0
  const [count, setCount] = useState<{ quoteId?: string; left: number }>({ left: 0 });
  useEffect(() => {
    if (!quoteId || seconds === undefined) return undefined;
    const arrived = Date.now();
    setCount({ quoteId, left: seconds });
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - arrived) / 1000));
      setCount({ quoteId, left });
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [quoteId, seconds]);
  if (count.quoteId === quoteId) return count.left;
  return quoteId && seconds !== undefined ? seconds : 0;
}
