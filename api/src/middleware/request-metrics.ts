/**
 * In-process request counters for the admin dashboard: requests, 5xx answers and a latency histogram
 * per second, kept for the last 5 minutes in a ring of 300 slots (fixed memory, O(1) per request).
 * Each API process counts only what it answered itself: the dashboard says so.
 */

/** Histogram bucket upper bounds in ms: 0.25 ms doubling in quarter steps up to ~2 minutes (about 80 buckets). */
const BOUNDS: number[] = (() => {
  const bounds: number[] = [];
  for (let bound = 0.25; bound < 120_000; bound *= 2 ** 0.25) bounds.push(Math.round(bound * 100) / 100);
  bounds.push(Infinity);
  return bounds;
})();
const WINDOW_SECONDS = 300;

export interface RequestWindowFigures {
  seconds: number;
  requests: number;
  perSecond: number;
  p95Ms: number | null;
  serverErrors: number;
}

export interface RequestMetrics {
  /** Records one answered request. `now` (ms since the epoch) is for tests. */
  record(durationMs: number, status: number, now?: number): void;
  /** The figures over the last `seconds` (at most 300), this second included. */
  window(seconds: number, now?: number): RequestWindowFigures;
}

function bucketOf(durationMs: number): number {
  // Binary search: the first bound at or above the duration.
  let low = 0;
  let high = BOUNDS.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (BOUNDS[middle] >= durationMs) high = middle;
    else low = middle + 1;
  }
  return low;
}

export function createRequestMetrics(): RequestMetrics {
  const seconds = new Float64Array(WINDOW_SECONDS).fill(-1);
  const counts = new Uint32Array(WINDOW_SECONDS);
  const errors = new Uint32Array(WINDOW_SECONDS);
  const histograms = new Uint32Array(WINDOW_SECONDS * BOUNDS.length);

  /** The slot of second `second`, emptied first when it still holds an older second. */
  const slotOf = (second: number) => {
    const slot = second % WINDOW_SECONDS;
    if (seconds[slot] !== second) {
      seconds[slot] = second;
      counts[slot] = 0;
      errors[slot] = 0;
      histograms.fill(0, slot * BOUNDS.length, (slot + 1) * BOUNDS.length);
    }
    return slot;
  };

  return {
    record(durationMs, status, now = Date.now()) {
      const slot = slotOf(Math.floor(now / 1000));
      counts[slot] += 1;
      if (status >= 500) errors[slot] += 1;
      histograms[slot * BOUNDS.length + bucketOf(durationMs)] += 1;
    },
    window(span, now = Date.now()) {
      const length = Math.min(Math.max(1, Math.floor(span)), WINDOW_SECONDS);
      const current = Math.floor(now / 1000);
      const merged = new Float64Array(BOUNDS.length);
      let requests = 0;
      let serverErrors = 0;
      for (let second = current - length + 1; second <= current; second += 1) {
        const slot = second % WINDOW_SECONDS;
        if (seconds[slot] !== second) continue;
        requests += counts[slot];
        serverErrors += errors[slot];
        for (let bucket = 0; bucket < BOUNDS.length; bucket += 1) merged[bucket] += histograms[slot * BOUNDS.length + bucket];
      }
      let p95Ms: number | null = null;
      if (requests > 0) {
        const rank = Math.ceil(requests * 0.95);
        let seen = 0;
        for (let bucket = 0; bucket < BOUNDS.length; bucket += 1) {
          seen += merged[bucket];
          if (seen >= rank) {
            // The last bucket is open-ended: say its lower bound rather than Infinity.
            p95Ms = Number.isFinite(BOUNDS[bucket]) ? BOUNDS[bucket] : BOUNDS[bucket - 1];
            break;
          }
        }
      }
      return { seconds: length, requests, perSecond: Math.round((requests / length) * 100) / 100, p95Ms, serverErrors };
    },
  };
}
