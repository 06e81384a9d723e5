import { describe, expect, it } from '@jest/globals';
import {
  bestMean,
  normalizedPower,
  timeInZones,
  POWER_ZONE_UPPER_BOUNDS,
  HEART_RATE_ZONE_UPPER_BOUNDS,
} from '../power.js';
import { computeRideMetrics, thresholdInputs, type RideSummary } from '../ride-metrics.js';
import { toSeries, type Series } from '../series.js';

const constant = (value: number, seconds: number) => new Float64Array(seconds).fill(value);
const join = (...parts: Float64Array[]) => {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const series = (watts: Float64Array | null, heartrate: Float64Array | null = null): Series => ({
  length: (watts ?? heartrate)!.length,
  watts,
  heartrate,
  cadence: null,
});
const summary = (overrides: Partial<RideSummary> = {}): RideSummary => ({
  movingTimeS: 3600,
  deviceWatts: true,
  averageWatts: null,
  weightedAverageWatts: null,
  maxWatts: null,
  averageHeartrate: null,
  maxHeartrate: null,
  ...overrides,
});
const ftp250 = { ftp: 250, ftpSource: 'rider' as const, lthr: null };

describe('resampling to 1 Hz', () => {
  it('interpolates gaps of up to 90 s while moving and leaves a stop out', () => {
    const result = toSeries({
      time: [0, 1, 2, 5, 6, 30, 31],
      watts: [100, 100, 100, 400, 200, 0, 300],
      heartrate: [120, 121, null, 130, 131, 140, 141],
      moving: [true, true, true, true, true, false, true],
    });
    // 2 -> 5 moving: 200 and 300 W interpolated; 6 -> 30 a pause, and the stopped sample at 30 left out
    expect(result.length).toBe(8);
    expect(Array.from(result.watts!)).toEqual([100, 100, 100, 200, 300, 400, 200, 300]);
    // no reading at 2 s: the gap next to it stays without readings
    expect(Array.from(result.heartrate!)).toEqual([120, 121, 0, 0, 0, 130, 131, 141]);
    expect(result.cadence).toBeNull();
  });

  it('leaves out seconds recorded while stopped without pedalling (a device that does not auto-pause)', () => {
    const result = toSeries({
      time: [0, 1, 2, 3, 4, 5],
      watts: [200, 200, 0, 0, 150, 200],
      moving: [true, true, false, false, false, true],
    });
    // stopped at 2 and 3 without power: out; stopped at 4 but pedalling (a track stand, a trainer): in
    expect(Array.from(result.watts!)).toEqual([200, 200, 150, 200]);
  });

  it('keeps every second of a file that never moves (a trainer without speed)', () => {
    const result = toSeries({
      time: [0, 1, 2],
      heartrate: [120, 125, 130],
      moving: [false, false, false],
    });
    expect(Array.from(result.heartrate!)).toEqual([120, 125, 130]);
  });

  it('fills a moving gap longer than 90 s with zeros (a recording dropout)', () => {
    const result = toSeries({
      time: [0, 1, 101, 102],
      watts: [200, 200, 200, 200],
      velocity: [8, 8, 8, 8],
    });
    expect(result.length).toBe(103);
    expect(result.watts!.slice(2, 101).every((w) => w === 0)).toBe(true);
    expect(result.watts![101]).toBe(200);
  });

  it('without speed data interpolates up to 90 s and takes a longer gap as a pause', () => {
    const result = toSeries({ time: [0, 4, 200], watts: [100, 300, 50] });
    expect(Array.from(result.watts!)).toEqual([100, 150, 200, 250, 300, 50]);
  });

  it('treats power spikes and impossible heart rates as dropouts', () => {
    const result = toSeries({
      time: [0, 1, 2, 3, 4, 5],
      watts: [250, 3100, 260, 255, 2400, 250],
      heartrate: [150, 151, 235, 152, 199, 153],
    });
    expect(Array.from(result.watts!)).toEqual([250, 0, 260, 255, 2400, 250]);
    // 235 bpm is above 230; 152 -> 199 in a second is a jump of 47 bpm
    expect(Array.from(result.heartrate!)).toEqual([150, 151, 0, 152, 0, 153]);
  });

  it('believes a new heart-rate level after 5 rejected seconds (a strap re-paired)', () => {
    const heartrate = [100, 100, 160, 160, 160, 160, 160, 160, 161];
    const result = toSeries({ time: heartrate.map((_, i) => i), heartrate });
    expect(Array.from(result.heartrate!)).toEqual([100, 100, 0, 0, 0, 0, 0, 160, 161]);
  });

  it('ignores a stream whose length does not match the time stream', () => {
    expect(toSeries({ time: [0, 1, 2], watts: [1, 2] }).watts).toBeNull();
  });
});

describe('normalized power', () => {
  it('equals the power of a steady effort', () => {
    expect(normalizedPower(constant(200, 3600))).toBeCloseTo(200, 10);
  });

  it('weights surges: 30 s at 100 W then 30 s at 300 W', () => {
    // 31 rolling windows holding m = 0..30 seconds of 300 W: mean_m = 100 + 200m/30;
    // NP = (sum_m mean_m^4 / 31)^(1/4) = 223.069 W (the average power is 200 W).
    expect(normalizedPower(join(constant(100, 30), constant(300, 30)))).toBeCloseTo(223.0695, 3);
  });

  it('is undefined for less than 30 seconds', () => {
    expect(normalizedPower(constant(300, 29))).toBeNull();
  });
});

describe('best efforts and zones', () => {
  it('finds the best 5 s and 1 min of a ride with one 5-second sprint', () => {
    const watts = constant(100, 100);
    watts.fill(500, 50, 55);
    expect(bestMean(watts, 5)).toBe(500);
    // 55 s at 100 W + 5 s at 500 W = 8000 J over 60 s
    expect(bestMean(watts, 60)).toBeCloseTo(133.333, 3);
    expect(bestMean(watts, 101)).toBeNull();
  });

  it("puts power in Coggan's zones with inclusive upper limits (FTP 200 W)", () => {
    const watts = Float64Array.from([0, 110, 111, 150, 151, 180, 181, 210, 211, 240, 241, 300, 301]);
    expect(timeInZones(watts, 200, POWER_ZONE_UPPER_BOUNDS, false)).toEqual([2, 2, 2, 2, 2, 2, 1]);
  });

  it('puts heart rate in zones of LTHR and skips dropouts (LTHR 160)', () => {
    // 100 = 62.5%, 120 = 75%, 145 = 90.6%, 160 = 100%, 175 = 109%
    const heartrate = Float64Array.from([0, 100, 120, 145, 160, 175, 175]);
    expect(timeInZones(heartrate, 160, HEART_RATE_ZONE_UPPER_BOUNDS, true)).toEqual([1, 1, 1, 1, 2]);
  });
});

describe('ride metrics', () => {
  it('measures a steady hour at 200 W against FTP 250 W', () => {
    const metrics = computeRideMetrics(series(constant(200, 3600), constant(150, 3600)), summary(), {
      ...ftp250,
      lthr: 160,
    });
    expect(metrics).toMatchObject({
      source: 'streams',
      averagePower: 200,
      normalizedPower: 200,
      variabilityIndex: 1,
      intensityFactor: 0.8,
      // 3600 s x 200 W x 0.8 / (250 W x 3600) x 100
      trainingStressScore: 64,
      efficiencyFactor: 200 / 150,
      ftp: 250,
      ftpSource: 'rider',
      lthr: 160,
      maxPower: 200,
      maxHeartrate: 150,
    });
    // 200 / 250 = 80% of FTP: all in Z3; 150 / 160 = 93.75% of LTHR: all in Z3
    expect(metrics.powerZones).toEqual([
      { zone: 1, seconds: 0 },
      { zone: 2, seconds: 0 },
      { zone: 3, seconds: 3600 },
      { zone: 4, seconds: 0 },
      { zone: 5, seconds: 0 },
      { zone: 6, seconds: 0 },
      { zone: 7, seconds: 0 },
    ]);
    expect(metrics.heartRateZones.map((z) => z.seconds)).toEqual([0, 0, 3600, 0, 0]);
    expect(metrics.bestEfforts).toEqual([
      { durationSeconds: 5, watts: 200 },
      { durationSeconds: 60, watts: 200 },
      { durationSeconds: 300, watts: 200 },
      { durationSeconds: 1200, watts: 200 },
      { durationSeconds: 3600, watts: 200 },
    ]);
  });

  it('measures aerobic decoupling of a steady endurance hour: same power, heart rate drifting from 140 to 150 bpm', () => {
    const metrics = computeRideMetrics(
      series(constant(160, 3600), join(constant(140, 1800), constant(150, 1800))),
      summary(),
      ftp250,
    );
    // EF1 = 200/140, EF2 = 200/150: (EF1 - EF2) / EF1 = 1 - 140/150 = 6.67%
    expect(metrics.aerobicDecoupling).toBeCloseTo((1 - 140 / 150) * 100, 10);
    // NP 160 / mean HR 145
    expect(metrics.efficiencyFactor).toBeCloseTo(160 / 145, 3);
    expect(metrics.workout?.steady).toBe(true);
  });

  it('distrusts estimated power: no power metrics without a power meter', () => {
    const metrics = computeRideMetrics(
      series(constant(180, 1800), constant(140, 1800)),
      summary({ deviceWatts: false, averageWatts: 180, weightedAverageWatts: 185 }),
      { ...ftp250, lthr: 160 },
    );
    expect(metrics).toMatchObject({
      averagePower: null,
      normalizedPower: null,
      intensityFactor: null,
      trainingStressScore: null,
      efficiencyFactor: null,
      aerobicDecoupling: null,
      maxPower: null,
      powerZones: [],
      bestEfforts: [],
    });
    // 140 / 160 = 87.5% of LTHR: Z3
    expect(metrics.heartRateZones.map((z) => z.seconds)).toEqual([0, 0, 1800, 0, 0]);
    expect(thresholdInputs(series(constant(180, 1800)), false).best20MinutePower).toBeNull();
  });

  it("falls back to Strava's summary fields without streams", () => {
    const metrics = computeRideMetrics(
      null,
      summary({ averageWatts: 200, weightedAverageWatts: 220, averageHeartrate: 150, maxHeartrate: 171 }),
      ftp250,
    );
    expect(metrics).toMatchObject({
      source: 'summary',
      averagePower: 200,
      normalizedPower: 220,
      variabilityIndex: 1.1,
      intensityFactor: 0.88,
      // 3600 x 220 x 0.88 / (250 x 3600) x 100
      trainingStressScore: ((3600 * 220 * (220 / 250)) / (250 * 3600)) * 100,
      efficiencyFactor: 220 / 150,
      aerobicDecoupling: null,
      powerZones: [],
      heartRateZones: [],
      bestEfforts: [],
      maxHeartrate: 171,
    });
  });

  it('leaves FTP-relative metrics empty until an FTP is known', () => {
    const metrics = computeRideMetrics(series(constant(200, 600)), summary(), {
      ftp: null,
      ftpSource: null,
      lthr: null,
    });
    expect(metrics.normalizedPower).toBe(200);
    expect(metrics.intensityFactor).toBeNull();
    expect(metrics.trainingStressScore).toBeNull();
    expect(metrics.powerZones).toEqual([]);
    expect(metrics.ftpSource).toBeNull();
  });

  it('gives the 20-minute bests the FTP and LTHR estimates use', () => {
    const watts = join(constant(200, 600), constant(300, 1200), constant(150, 600));
    const heartrate = join(constant(130, 600), constant(170, 1200), constant(140, 600));
    expect(thresholdInputs(series(watts, heartrate), true)).toEqual({
      best20MinutePower: 300,
      best20MinuteHeartrate: 170,
      maxHeartrate: 170,
      // the best 3, 5 and 10 minutes sit inside the 20 minutes at 300 W
      bestPower: { 180: 300, 300: 300, 600: 300, 1200: 300 },
    });
  });

  it('counts work as the sum of the recorded power (kJ), not moving time x average', () => {
    // 30 min at 200 W and 10 min coasting: 360 kJ over 2400 recorded seconds
    const metrics = computeRideMetrics(
      series(join(constant(200, 1800), constant(0, 600))),
      summary(),
      ftp250,
    );
    expect(metrics.kilojoules).toBe(360);
    expect(metrics.recordedSeconds).toBe(2400);
    expect(
      computeRideMetrics(series(constant(200, 600)), summary({ deviceWatts: false }), ftp250).kilojoules,
    ).toBeNull();
    expect(computeRideMetrics(null, summary({ averageWatts: 200 }), ftp250)).toMatchObject({
      kilojoules: null,
      recordedSeconds: null,
    });
  });

  it('gives no EF or decoupling under 20 minutes, and decoupling only for steady rides of 45 minutes', () => {
    const short = computeRideMetrics(series(constant(200, 1199), constant(150, 1199)), summary(), ftp250);
    expect(short.efficiencyFactor).toBeNull();
    expect(short.aerobicDecoupling).toBeNull();
    const forty = computeRideMetrics(series(constant(200, 2400), constant(150, 2400)), summary(), ftp250);
    expect(forty.efficiencyFactor).toBe(200 / 150);
    expect(forty.aerobicDecoupling).toBeNull();
    // intervals: 30 s at 500 W, 30 s at 50 W (VI well above 1.1) over an hour
    const surges = new Float64Array(3600).map((_, i) => (Math.floor(i / 30) % 2 === 0 ? 500 : 50));
    const intervals = computeRideMetrics(series(surges, constant(150, 3600)), summary(), ftp250);
    expect(intervals.variabilityIndex).toBeGreaterThan(1.1);
    expect(intervals.aerobicDecoupling).toBeNull();
  });

  it('names how an estimated FTP was found, and nothing for one the rider set', () => {
    const estimated = {
      ftp: 250,
      ftpSource: 'estimated' as const,
      lthr: null,
      ftpDescription: 'estimated from your 20-minute best on 3 Sep (95% of 263 W)',
    };
    expect(computeRideMetrics(series(constant(200, 600)), summary(), estimated).ftpDescription).toBe(
      estimated.ftpDescription,
    );
    expect(
      computeRideMetrics(series(constant(200, 600)), summary(), { ...estimated, ftpSource: 'rider' })
        .ftpDescription,
    ).toBeNull();
  });
});
