import { describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { ActivityFileError, parseActivityFile, type ParsedActivity } from '../index.js';
import { EXPECTED, fixture, gplFixture, type ExpectedSummary } from './fixture-files.js';

/**
 * Real device files against the summaries in expected-summaries.json (computed by python-fitparse,
 * gpxpy and a TCX reader under the rules in the fixtures' README, which this library follows). So
 * the bar is the README's "same rule" one: start and records exact, elapsed ±2 s, moving time,
 * distance and the power/HR/cadence means ±0.5 %, computed ascent (3 m hysteresis) ±2 %.
 */
const NOW = new Date('2026-11-27T00:00:00Z');

const within = (actual: number | null, expected: number | null, relative: number, absolute = 0) => {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.max(Math.abs(expected) * relative, absolute));
};

const expectSummary = (activity: ParsedActivity, expected: ExpectedSummary) => {
  expect(activity.startDate.toISOString()).toBe(new Date(expected.start_time).toISOString());
  within(activity.elapsedTimeS, expected.elapsed_s, 0, 2);
  expect(activity.records).toBe(expected.records);
  within(activity.movingTimeS, expected.moving_s, 0.005, 2);
  within(activity.distanceM, expected.distance_m, 0.005, 1);
  within(activity.averageWatts, expected.avg_power, 0.005);
  within(activity.maxWatts, expected.max_power, 0);
  within(activity.averageHeartrate, expected.avg_hr, 0.005);
  within(activity.maxHeartrate, expected.max_hr, 0);
  within(activity.averageCadence, expected.avg_cadence, 0.005);
  within(activity.totalElevationGainM, expected.ascent_computed_m ?? 0, 0.02, 1);
  expect(activity.sport).toBe('cycling');
};

const IMPORTED = Object.entries(EXPECTED).filter(([, e]) => e.expected_outcome.startsWith('import'));

describe('activity fixtures: summaries', () => {
  it.each(IMPORTED.filter(([name]) => !name.startsWith('14582164182') && !name.startsWith('2009_')))(
    '%s matches its expected summary',
    (name, expected) => {
      expectSummary(parseActivityFile(name, fixture(name), NOW), expected);
    },
  );

  it.each(['14582164182.fit.gz', '2009_09_19_09_22_42.tcx'])(
    '%s (GPL-2.0 test data) matches its expected summary',
    (name) => {
      expectSummary(parseActivityFile(name, gplFixture(name), NOW), EXPECTED[name]!);
    },
  );

  it('reads a gzipped FIT the same as the plain one', () => {
    const plain = parseActivityFile('ride.fit', fixture('2020-06-01-16-52-40.fit'), NOW);
    const gzipped = parseActivityFile('ride.fit.gz', gzipSync(fixture('2020-06-01-16-52-40.fit')), NOW);
    expect(gzipped).toEqual(plain);
  });

  it('reads gzipped GPX and TCX', () => {
    expect(parseActivityFile('a.gpx.gz', gzipSync(fixture('activity_5039744860.gpx')), NOW).format).toBe(
      'gpx',
    );
    expect(parseActivityFile('a.tcx.gz', gzipSync(fixture('activity_5039744860.tcx')), NOW).format).toBe(
      'tcx',
    );
  });
});

describe('activity fixtures: what the ride carries', () => {
  it('names the device, sport and channels of a Garmin FIT', () => {
    const ride = parseActivityFile('edge810.fit', fixture('Edge810-Vector-2013-08-16-15-35-10.fit'), NOW);
    expect(ride).toMatchObject({
      format: 'fit',
      device: 'Garmin Edge 810',
      subSport: 'generic',
      indoor: false,
    });
    expect(ride.laps).toHaveLength(8);
    expect(ride.laps[0]).toEqual({ startS: 0, durationS: 1207.35, distanceM: 9220.46 });
    const streams = ride.streams;
    for (const key of [
      'time',
      'distance',
      'latlng',
      'altitude',
      'velocity_smooth',
      'heartrate',
      'cadence',
      'watts',
      'moving',
    ] as const) {
      expect(streams[key]?.data).toHaveLength(4700);
    }
    expect(streams.time!.data[4699]).toBe(4699);
    expect(streams.latlng!.data[0]![0]).toBeCloseTo(47.627, 2);
  });

  it('names a non-Garmin device by its own product name', () => {
    expect(parseActivityFile('w.fit', fixture('2019-02-17-062644-ELEMNT-297E-195-0.fit'), NOW).device).toBe(
      'Wahoo Fitness ELEMNT',
    );
  });

  it('keeps elapsed and moving time apart on a ride with long stops', () => {
    const ride = parseActivityFile('w.fit', fixture('2019-02-17-062644-ELEMNT-297E-195-0.fit'), NOW);
    expect(ride.elapsedTimeS - ride.movingTimeS).toBeGreaterThan(9000);
    expect(ride.averageSpeedMps).toBeCloseTo(78940.55 / ride.movingTimeS, 2);
  });

  it('marks trainer and virtual rides indoor, and an all-zero heart rate as none', () => {
    const trainer = parseActivityFile('t.fit', fixture('sample-activity-indoor-trainer.fit'), NOW);
    expect(trainer).toMatchObject({ indoor: true, distanceM: 0 });
    expect(trainer.streams.latlng).toBeUndefined();
    const zwift = parseActivityFile('z.fit', fixture('null_compressed_speed_dist.fit'), NOW);
    expect(zwift).toMatchObject({
      indoor: true,
      subSport: 'virtual_activity',
      device: 'Zwift',
      averageHeartrate: null,
    });
    expect(zwift.streams.heartrate).toBeUndefined();
    const watch = parseActivityFile('fr.fit', fixture('6449921903_ACTIVITY.fit'), NOW);
    expect(watch).toMatchObject({
      indoor: true,
      subSport: 'indoor_cycling',
      device: 'Garmin Forerunner 935',
    });
  });

  it('imports the bike leg of a multisport (triathlon) file only', () => {
    const ride = parseActivityFile('tri.fit', fixture('sample_mulitple_header.fit'), NOW);
    expect(ride.startDate.toISOString()).toBe('2018-05-27T08:08:58.000Z');
    expect(ride.distanceM).toBeCloseTo(40909.4, 0);
    within(ride.elapsedTimeS, 4422, 0, 3);
    within(ride.records, 855, 0, 2);
    within(ride.averageHeartrate, 171.7, 0.02);
  });

  it('reads GPX extensions by namespace, whatever their prefix, and power from <power>', () => {
    const strava = parseActivityFile('s.gpx', fixture('4078723797_strava.gpx'), NOW);
    expect(strava).toMatchObject({ name: 'De benen op spanning zetten met Martijn', format: 'gpx' });
    expect(strava.streams.watts?.data).toHaveLength(8357);
    const garmin = parseActivityFile('g.gpx', fixture('activity_5039744860.gpx'), NOW);
    expect(garmin).toMatchObject({ name: 'Leiden Fietsen', averageWatts: null });
    expect(garmin.streams.heartrate?.data[0]).toBe(154);
    expect(garmin.streams.cadence?.data[1]).toBe(91);
  });

  it('agrees across formats for the same ride', () => {
    const fit = parseActivityFile('r.fit', fixture('4078723797.fit'), NOW);
    const gpx = parseActivityFile('r.gpx', fixture('4078723797_strava.gpx'), NOW);
    expect(gpx.averageWatts).toBe(fit.averageWatts);
    expect(gpx.averageHeartrate).toBe(fit.averageHeartrate);
    expect(gpx.startDate).toEqual(fit.startDate);
  });

  it('reads TCX laps, device and the TPX extension', () => {
    const ride = parseActivityFile('r.tcx', fixture('activity_5039744860.tcx'), NOW);
    expect(ride).toMatchObject({ format: 'tcx', device: 'Garmin Edge 1000' });
    expect(ride.laps).toHaveLength(5);
    expect(ride.laps[0]).toEqual({ startS: 0, durationS: 26, distanceM: 142.35 });
    expect(ride.streams.velocity_smooth!.data[0]).toBeCloseTo(6.438, 3);
    // points repeated at lap boundaries are kept once in the streams
    expect(new Set(ride.streams.time!.data).size).toBe(ride.streams.time!.data.length);
  });
});

describe('activity fixtures: refusals', () => {
  const refusal = (name: string, data: Buffer, now = NOW) => {
    try {
      parseActivityFile(name, data, now);
    } catch (error) {
      expect(error).toBeInstanceOf(ActivityFileError);
      return error as ActivityFileError;
    }
    throw new Error(`${name} was accepted`);
  };

  it.each([
    [
      'activity-small-fenix2-run.fit',
      'This file is a run, not a ride: only cycling activities can be imported.',
    ],
    ['test.tcx', 'This file is a run, not a ride: only cycling activities can be imported.'],
  ])('refuses the run %s as not cycling', (name, message) => {
    expect(refusal(name, fixture(name))).toMatchObject({ code: 'not-cycling', message });
  });

  it.each(['activity-unexpected-eof.fit', 'activity-filecrc.fit'])('refuses %s as corrupt', (name) => {
    expect(refusal(name, fixture(name)).code).toBe('corrupt');
  });

  it('refuses an empty file', () => {
    expect(refusal('ride.fit', Buffer.alloc(0))).toMatchObject({
      code: 'empty',
      message: 'This file is empty.',
    });
    expect(refusal('ride.gpx', Buffer.from('  \n'))).toMatchObject({ code: 'empty' });
  });

  it('refuses random bytes and a PNG named .fit', () => {
    const random = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 251));
    expect(refusal('ride.fit', random).code).toBe('unsupported');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), random]);
    expect(refusal('photo.fit', png)).toMatchObject({
      code: 'unsupported',
      message: expect.stringContaining('named .fit but is not a FIT file'),
    });
  });

  it('refuses a truncated GPX and a damaged gzip as corrupt', () => {
    const gpx = fixture('activity_5039744860.gpx');
    expect(refusal('a.gpx', gpx.subarray(0, gpx.length / 2)).code).toBe('corrupt');
    const gz = gzipSync(fixture('2020-06-01-16-52-40.fit'));
    expect(refusal('a.fit.gz', gz.subarray(0, gz.length - 40)).code).toBe('corrupt');
  });

  it('refuses a ride that starts more than a day after now, not one within the day', () => {
    const ride = fixture('2020-06-01-16-52-40.fit');
    expect(refusal('r.fit', ride.subarray(0), new Date('2020-05-31T14:00:00Z'))).toMatchObject({
      code: 'future',
      message: "This activity starts on 2020-06-01, in the future: check the device's clock.",
    });
    expect(parseActivityFile('r.fit', ride, new Date('2020-05-31T15:00:00Z')).records).toBe(96);
  });
});
