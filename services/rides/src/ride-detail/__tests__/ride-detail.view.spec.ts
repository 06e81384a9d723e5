import { describe, expect, it } from '@jest/globals';
import { HEART_RATE_ZONE_UPPER_BOUNDS, POWER_ZONE_UPPER_BOUNDS } from '../../metrics/power.js';
import { seriesOf } from '../../rides/ride-measure.js';
import { powerZoneOf, streamTimeOfSeriesSeconds, zonesWithBounds } from '../ride-detail.view.js';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('streamTimeOfSeriesSeconds', () => {
  it('maps every second of the 1 Hz series to its time on the streams, pauses and gaps included', () => {
    // 0-99 s riding; a 5 s recording gap (interpolated); 110-199 s riding; a café stop of 10 min
    // (auto-paused: one sample after it); 800-899 s riding
    const time = [...range(0, 100), ...range(105, 200), ...range(800, 900)];
    const moving = time.map(() => 1);
    const watts = time.map(() => 200);
    const velocity = time.map(() => 8);
    moving[195] = 0; // stopped at 199 s (index 195), moving again from 800 s
    const decoded = { time, moving, watts, velocity_smooth: velocity };
    const series = seriesOf(decoded)!;
    const mapped = streamTimeOfSeriesSeconds(decoded);
    expect(mapped).toHaveLength(series.length);
    expect(mapped[0]).toBe(0);
    expect(mapped[99]).toBe(99);
    // the gap's seconds are filled one by one
    expect(Array.from(mapped.slice(100, 106))).toEqual([100, 101, 102, 103, 104, 105]);
    // after the stop, the series goes on at 800 s
    expect(mapped.at(-1)).toBe(899);
    for (let k = 1; k < mapped.length; k += 1) expect(mapped[k]!).toBeGreaterThan(mapped[k - 1]!);
    expect(mapped.length).toBeLessThan(900 - 500);
  });

  it('answers nothing without streams', () => {
    expect(streamTimeOfSeriesSeconds({})).toHaveLength(0);
  });
});

describe('zonesWithBounds', () => {
  it('puts the bounds of each zone beside its seconds, the top zone open', () => {
    const zones = zonesWithBounds(
      range(1, 8).map((zone) => ({ zone, seconds: zone * 10 })),
      200,
      POWER_ZONE_UPPER_BOUNDS,
    )!;
    expect(zones.threshold).toBe(200);
    expect(zones.zones[0]).toEqual({ zone: 1, min: 0, max: 110, seconds: 10 });
    expect(zones.zones[3]).toEqual({ zone: 4, min: 180, max: 210, seconds: 40 });
    expect(zones.zones[6]).toEqual({ zone: 7, min: 300, max: null, seconds: 70 });
    const heart = zonesWithBounds([{ zone: 5, seconds: 3 }], 170, HEART_RATE_ZONE_UPPER_BOUNDS)!;
    expect(heart.zones).toEqual([{ zone: 5, min: 178.5, max: null, seconds: 3 }]);
  });

  it('answers null without a threshold or zones', () => {
    expect(zonesWithBounds([{ zone: 1, seconds: 1 }], null, POWER_ZONE_UPPER_BOUNDS)).toBeNull();
    expect(zonesWithBounds([], 250, POWER_ZONE_UPPER_BOUNDS)).toBeNull();
  });
});

describe('powerZoneOf', () => {
  it('places a power in the zone time-in-zones counts it in', () => {
    expect(powerZoneOf(110, 200)).toBe(1);
    expect(powerZoneOf(111, 200)).toBe(2);
    expect(powerZoneOf(210, 200)).toBe(4);
    expect(powerZoneOf(301, 200)).toBe(7);
    expect(powerZoneOf(null, 200)).toBeNull();
    expect(powerZoneOf(250, null)).toBeNull();
  });
});
