import { describe, expect, it } from '@jest/globals';
import { decodeStreams, encodeStreams } from '../ride-streams.codec.js';
import type { StravaStreamSet } from '../../strava/strava.types.js';

const hour = 3600;
const streams = (): StravaStreamSet => ({
  time: { data: Array.from({ length: hour }, (_, i) => i + (i > 1800 ? 30 : 0)) },
  distance: { data: Array.from({ length: hour }, (_, i) => i * 8.25) },
  latlng: {
    data: Array.from({ length: hour }, (_, i) => [51.5 + i * 1e-5, -0.12 - i * 1e-5] as [number, number]),
  },
  altitude: { data: Array.from({ length: hour }, (_, i) => 30 + Math.sin(i / 100) * 20) },
  heartrate: { data: Array.from({ length: hour }, (_, i) => 120 + (i % 40)) },
  cadence: { data: Array.from({ length: hour }, () => 88) },
  watts: { data: Array.from({ length: hour }, (_, i) => (i % 300 < 30 ? 420 : 210)) },
  moving: { data: Array.from({ length: hour }, (_, i) => i % 500 !== 0) },
});

describe('compact stream storage', () => {
  it('round-trips integers exactly and floats to float32 precision', () => {
    const input = streams();
    const { data, samples } = encodeStreams(input);
    expect(samples).toBe(hour);
    const decoded = decodeStreams(data);
    expect(decoded.time).toEqual(input.time!.data);
    expect(decoded.watts).toEqual(input.watts!.data);
    expect(decoded.heartrate).toEqual(input.heartrate!.data);
    expect(decoded.cadence).toEqual(input.cadence!.data);
    expect(decoded.moving).toEqual(input.moving!.data.map((m) => (m ? 1 : 0)));
    expect(decoded.latlng).toHaveLength(hour * 2);
    expect(decoded.latlng![2 * 1000]).toBeCloseTo(51.51, 4);
    expect(decoded.latlng![2 * 1000 + 1]).toBeCloseTo(-0.13, 4);
    expect(decoded.altitude![500]).toBeCloseTo(input.altitude!.data[500]!, 4);
    expect(decoded.grade_smooth).toBeUndefined();
  });

  it('takes a fraction of the JSON', () => {
    const input = streams();
    const { data } = encodeStreams(input);
    expect(data.length).toBeLessThan(JSON.stringify(input).length / 4);
  });

  it('clamps values outside a stream type and treats nulls as 0', () => {
    const { data } = encodeStreams({
      time: { data: [0, 1, 2] },
      heartrate: { data: [300, -5, null as unknown as number] },
      watts: { data: [70_000, 250.6, 0] },
    });
    const decoded = decodeStreams(data);
    expect(decoded.heartrate).toEqual([255, 0, 0]);
    expect(decoded.watts).toEqual([65535, 251, 0]);
  });
});
