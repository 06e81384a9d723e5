import { describe, expect, it } from '@jest/globals';
import { clampRange, zoomAround } from './stream-view';
import { formatClock, formatEffortDuration, formatQuantity, formatTick, quantities } from './units';

describe('ride page units (imperial, the default)', () => {
  const units = quantities();
  it('formats SI values in the units shown, with the spec’s decimals', () => {
    expect(formatQuantity(units.distance, 40_000)).toBe('24.85 mi');
    expect(formatQuantity(units.elevation, 350)).toBe('1,148.29 ft');
    expect(formatQuantity(units.speed, 7.4)).toBe('16.55 mph');
    expect(formatQuantity(units.power, 212.6)).toBe('213 W');
    expect(formatQuantity(units.heartRate, 142.4)).toBe('142 bpm');
    expect(formatQuantity(units.cadence, null)).toBe('–');
    expect(units.distance.convert(1609.34)).toBeCloseTo(1, 9);
  });
  it('writes clocks, ticks and effort durations', () => {
    expect(formatClock(59.6)).toBe('1:00');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatTick(1250)).toBe('1,250');
    expect(formatTick(0.5)).toBe('0.5');
    expect(formatTick(2.25)).toBe('2.25');
    expect(formatEffortDuration(5)).toBe('5 s');
    expect(formatEffortDuration(90)).toBe('1.5 min');
    expect(formatEffortDuration(5400)).toBe('1 h 30 min');
  });
});

describe('zoom ranges', () => {
  it('keeps a range within the ride and at least 30 s long', () => {
    expect(clampRange({ from: 500, to: 100 }, 1000)).toEqual({ from: 100, to: 500 });
    expect(clampRange({ from: 990, to: 1000 }, 1000)).toEqual({ from: 970, to: 1000 });
  });
  it('zooms around the cursor, and back out to the whole ride', () => {
    expect(zoomAround(null, 250, 0.5, 1000)).toEqual({ from: 125, to: 625 });
    expect(zoomAround({ from: 125, to: 625 }, 250, 2, 1000)).toBeNull();
  });
});
