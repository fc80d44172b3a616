/**
 * At most `limit` Meilisearch reads of this process in flight; the rest wait their turn, first come
 * first served. Meilisearch answers a search on one core of a 2-core machine: 50 concurrent expensive
 * searches all slow down together until every one misses its deadline, and Meilisearch keeps working
 * on the abandoned ones (measured at 1,000,000 businesses: 200 of ~300 geo searches answered 503, and
 * Meilisearch was still busy with their backlog seconds later). Waiting here instead, a read whose
 * deadline passes before its turn is never sent at all.
 */
export interface ReadTicket {
  /** Resolves when this read may start. */
  readonly ready: Promise<void>;
  /** Gives the turn up before it came (the deadline passed while waiting); a no-op once started. */
  cancel(): void;
}

export class ReadGate {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  enter(): ReadTicket {
    if (this.active < this.limit) {
      this.active += 1;
      return { ready: Promise.resolve(), cancel: () => undefined };
    }
    let start!: () => void;
    const ready = new Promise<void>((resolve) => (start = resolve));
    this.queue.push(start);
    return {
      ready,
      cancel: () => {
        const at = this.queue.indexOf(start);
        if (at >= 0) this.queue.splice(at, 1);
      },
    };
  }

  /** A started read finished: the next one waiting starts. */
  leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active -= 1;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get inFlight(): number {
    return this.active;
  }
}
