import { useEffect, useState } from 'react';

/**
 * Counts up to `target` over 2000 ms in 50 steps (spec §9). The server renders the final number
 * (so crawlers and no-JS visitors read it); the browser restarts from 0 after hydration.
 */
export function useCounter(target: number, durationMs = 2000, steps = 50): number {
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (target <= 0) return;
    // Visitors who asked for less motion see the number, not the count-up.
    if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let step = 0;
    setValue(0);
    const timer = setInterval(() => {
      step += 1;
      setValue(step >= steps ? target : Math.floor((target * step) / steps));
      if (step >= steps) clearInterval(timer);
    }, durationMs / steps);
    return () => clearInterval(timer);
  }, [target, durationMs, steps]);
  return value;
}
