import type { PowerCurvePointDto } from '@domestique/proto';

/**
 * Rides' power curves by ride and streams version, least recently used dropped first. A curve only
 * changes when a ride's streams are stored again, which changes the key, so nothing is invalidated.
 * About 24 numbers a ride: the default holds every ride of a few hundred riders' 90 days.
 */
export class CurveCache {
  private readonly entries = new Map<string, readonly PowerCurvePointDto[]>();

  constructor(private readonly capacity: number) {}

  static key(rideId: string, streamsFetchedAt: Date): string {
    return `${rideId}:${streamsFetchedAt.getTime()}`;
  }

  get(key: string): readonly PowerCurvePointDto[] | undefined {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, curve: readonly PowerCurvePointDto[]): void {
    this.entries.delete(key);
    this.entries.set(key, curve);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
