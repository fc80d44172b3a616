import { useEffect, useState } from 'react';

/**
 * Counts up to `target` over 2000 ms in 50 steps (spec §9). The server renders the final number (so
 * crawlers and visitors without scripts read it); in a browser that runs scripts the number is hidden
 * until the count starts from 0 after hydration (`shown`: the element's data-counted, styles.css), so the
 * final number does not flash and drop to 0. With less motion asked for, the number shows at once.
 */
/** styles.css shows a counter's number after this long if the count-up has not started (counter-fallback). */
const COUNTER_FALLBACK_MS = 5000;

export function useCounter(target: number, durationMs = 2000, steps = 50): { value: number; shown: boolean } {
  const [value, setValue] = useState(target);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(true);
    if (target <= 0) return;
    // Visitors who asked for less motion see the number, not the count-up; so does a first page whose
    // script came after the styles' 5 s fallback had shown it (counting from 0 then would take it back).
    const firstPageShownAlready = document.documentElement.dataset.hydrated !== 'true' && performance.now() >= COUNTER_FALLBACK_MS;
    if (firstPageShownAlready || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setValue(target);
      return;
    }
    let step = 0;
    setValue(0);
    const timer = setInterval(() => {
      step += 1;
      setValue(step >= steps ? target : Math.floor((target * step) / steps));
      if (step >= steps) clearInterval(timer);
    }, durationMs / steps);
    return () => clearInterval(timer);
  }, [target, durationMs, steps]);
  return { value, shown };
}
