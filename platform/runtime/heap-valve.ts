/**
 * Collects this thread's garbage when its heap has grown well past what was live at the last look.
 *
 * A long import makes little garbage per second on its importing thread (each batch's message from the
 * parse worker, its queries), so V8 lets that heap grow to several times its live size before a full
 * collection: 34 MB live grew to 116-139 MB, ~100 MB of the short-row file's peak RSS, which then
 * crossed 400 MB in some runs and not others, as the collector happened to run (docs/performance.md).
 * The importer calls check() after each batch; at most once a second it collects, and only when the heap
 * has grown by `growthBytes` since the last collection. Where no collector can be had (a runtime
 * without V8's `gc`), check() does nothing.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let collector: (() => void) | null | undefined;

/** V8's full collection of this thread's heap, made available once per process. */
function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return (collector = exposed);
  try {
    // The flag exposes `gc` to contexts created afterwards; one is made to take it from, and the flag is
    // turned off again so no later context (nor the main one) gets a global `gc`.
    v8.setFlagsFromString('--expose-gc');
    collector = vm.runInNewContext('gc') as () => void;
  } catch {
    collector = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return typeof collector === 'function' ? collector : (collector = null);
}

export interface HeapValve {
  /** Collects if the heap grew past the limit (and a second has passed since the last time); true if it did. */
  check(): boolean;
}

export function createHeapValve({ growthBytes = 48 * 1024 * 1024, intervalMs = 1_000 } = {}): HeapValve {
  let base = v8.getHeapStatistics().used_heap_size;
  let last = -Infinity;
  return {
    check() {
      const used = v8.getHeapStatistics().used_heap_size;
      // Less in use than at the base: V8 collected on its own; its result is the new base.
      if (used < base) base = used;
      if (used - base < growthBytes || performance.now() - last < intervalMs) return false;
      const collect = fullCollection();
      if (!collect) return false;
      collect();
      last = performance.now();
      base = v8.getHeapStatistics().used_heap_size;
      return true;
    },
  };
}
