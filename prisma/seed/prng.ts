/**
 * A small seeded PRNG (mulberry32) with the draws the generator needs. Math.random cannot be seeded, and
 * the demo data must be the same for the same --seed on every machine.
 */

/** murmur3's 32-bit finaliser: a bijection, so distinct inputs give distinct outputs. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Next 32-bit unsigned integer. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Index into `weights`, each drawn in proportion to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    let roll = this.next() * total;
    for (let index = 0; index < weights.length; index++) {
      roll -= weights[index];
      if (roll < 0) return index;
    }
    return weights.length - 1;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** `count` distinct items in random order (count <= items.length). */
  sample<T>(items: readonly T[], count: number): T[] {
    // Partial Fisher-Yates: the first `count` slots of a copy end up a uniform random selection.
    const pool = items.slice();
    const take = Math.min(count, pool.length);
    for (let index = 0; index < take; index++) {
      const other = index + Math.floor(this.next() * (pool.length - index));
      const item = pool[other];
      pool[other] = pool[index];
      pool[index] = item;
    }
    pool.length = take;
    return pool;
  }
}
