/**
 * Deterministic wording choices. The seed comes from the ride, so the same ride always reads the
 * same, and different rides read differently (mulberry32 over an FNV-1a hash).
 */
export class Voice {
  private state: number;

  constructor(seed: string) {
    this.state = fnv1a(seed);
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(options: readonly T[]): T {
    return options[Math.floor(this.next() * options.length)]!;
  }

  /** True with probability `chance`. */
  chance(chance: number): boolean {
    return this.next() < chance;
  }
}

export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};
