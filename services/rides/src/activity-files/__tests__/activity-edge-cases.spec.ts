import { describe, expect, it } from '@jest/globals';
import { detectFormat, parseActivityFile } from '../index.js';
import { fixture } from './fixture-files.js';

/**
 * The synthetic FIT files written by test/fixtures/activity-files/generate.mjs with Garmin's encoder.
 * Their sensors follow closed formulas (infra/dev/fit-ride.mjs `sensorsAt`), so the figures below were worked
 * out from the formulas, not read back from this parser: speed 8 + 2 sin(i/300) m/s, power
 * 200 + 50 sin(i/60) W, heart rate 140 + 10 sin(i/500), cadence 88, one record a second.
 */
const NOW = new Date('2026-11-27T00:00:00Z');
const parse = (name: string) => parseActivityFile(name, fixture(name), NOW);

describe('generated edge cases', () => {
  it('leaves recording gaps out of moving time but keeps them in elapsed time', () => {
    const ride = parse('synthetic-gaps.fit');
    expect(ride).toMatchObject({
      records: 2010,
      elapsedTimeS: 2399,
      device: 'Garmin Edge 530',
      subSport: 'road',
    });
    // 2399 s minus the 301 s and 91 s steps across the two gaps
    expect(ride.movingTimeS).toBe(2007);
    expect(ride.distanceM).toBeCloseTo(19878.3, 0);
    expect(ride.averageWatts).toBeCloseTo(203.89, 0);
    expect(ride.averageHeartrate).toBeCloseTo(141.03, 0);
    const time = ride.streams.time!.data;
    expect(time).toHaveLength(2010);
    expect(time[600]! - time[599]!).toBe(301);
  });

  it('leaves a timer pause and standing still out of moving time', () => {
    const ride = parse('synthetic-pauses.fit');
    expect(ride).toMatchObject({ records: 3000, elapsedTimeS: 3599 });
    // minus the 601 s step across the pause and the 120 s stood still (0 speed, power and cadence)
    expect(ride.movingTimeS).toBe(2878);
    // zeros while standing count in the average (the GoldenCheetah rule the fixtures use)
    expect(ride.averageWatts).toBeCloseTo(193.94, 1);
    expect(ride.distanceM).toBeCloseTo(25055, 0);
    expect(ride.averageSpeedMps).toBeCloseTo(25054.99 / 2878, 2);
    const moving = ride.streams.moving!.data;
    expect(moving.filter((m) => !m)).toHaveLength(120);
  });

  it('averages each sensor over the samples that have it, and fills dropouts in the streams', () => {
    const ride = parse('synthetic-dropouts.fit');
    expect(ride.records).toBe(1800);
    expect(ride.averageHeartrate).toBeCloseTo(144.73, 1);
    expect(ride.averageWatts).toBeCloseTo(201.81, 1);
    expect(ride.averageCadence).toBe(88);
    expect(ride.movingTimeS).toBe(1799);
    const { heartrate, watts, cadence, latlng } = ride.streams;
    for (const stream of [heartrate, watts, cadence, latlng]) expect(stream!.data).toHaveLength(1800);
    expect(heartrate!.data[450]).toBe(0);
    expect(heartrate!.data[710]).toBe(0);
    expect(watts!.data[950]).toBe(0);
    expect(cadence!.data[1250]).toBe(0);
    // a GPS dropout holds the last position rather than jumping to 0,0
    expect(latlng!.data[1530]).toEqual(latlng!.data[1499]);
    expect(latlng!.data[1530]![0]).toBeGreaterThan(45);
  });

  it('keeps a power meter reading zero as 0 W, not as no power', () => {
    const ride = parse('synthetic-zero-power.fit');
    expect(ride).toMatchObject({ averageWatts: 0, maxWatts: 0, averageCadence: null });
    expect(ride.streams.watts!.data.every((w) => w === 0)).toBe(true);
    expect(ride.streams.cadence).toBeUndefined();
    // moving on speed alone while freewheeling
    expect(ride.movingTimeS).toBe(1199);
  });

  it('reads a 6-hour 1 Hz ride whole', () => {
    const ride = parse('synthetic-six-hours.fit');
    expect(ride).toMatchObject({ records: 21600, elapsedTimeS: 21599, movingTimeS: 21599, maxWatts: 250 });
    expect(ride.averageWatts).toBeCloseTo(200.18, 1);
    expect(ride.averageHeartrate).toBeCloseTo(140.07, 1);
    expect(ride.distanceM).toBeCloseTo(173972.1, 0);
    expect(ride.streams.watts!.data).toHaveLength(21600);
    expect(ride.streams.time!.data[21599]).toBe(21599);
  });

  it('refuses a ride dated in the future against the real clock', () => {
    expect(() => parseActivityFile('f.fit', fixture('synthetic-future.fit'))).toThrow(
      expect.objectContaining({ code: 'future' }),
    );
  });
});

describe('detectFormat', () => {
  it('knows each format by its content, inside gzip too, whatever the name', () => {
    expect(detectFormat('a.fit', fixture('synthetic-gaps.fit').subarray(0, 64))).toBe('fit');
    expect(detectFormat('a.xml', fixture('activity_5039744860.gpx').subarray(0, 512))).toBe('gpx');
    expect(detectFormat('a.tcx', fixture('activity_5039744860.tcx').subarray(0, 512))).toBe('tcx');
    expect(detectFormat('a.fit', Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toBeNull();
    expect(detectFormat('a.gpx', Buffer.from('<html><body>not a track</body></html>'))).toBeNull();
  });

  it('looks inside a gzip head', async () => {
    const { gzipSync } = await import('node:zlib');
    const head = gzipSync(fixture('activity_5039744860.tcx')).subarray(0, 300);
    expect(detectFormat('a.tcx.gz', head)).toBe('tcx');
    // the whole file works too: only its first kilobyte is inflated
    expect(detectFormat('a.fit.gz', gzipSync(fixture('synthetic-six-hours.fit')))).toBe('fit');
    expect(detectFormat('zeros.gz', gzipSync(Buffer.alloc(8 * 1024 * 1024)))).toBeNull();
  });
});
